// glibc's allocator tuning (mallopt), which the Glibc module does not import.
#include <malloc.h>
