#include <sqlite3.h>
// SQLITE_TRANSIENT is a cast macro that does not import into Swift.
static inline sqlite3_destructor_type seek_sqlite_transient(void) { return SQLITE_TRANSIENT; }
