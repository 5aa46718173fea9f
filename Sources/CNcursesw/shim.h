// Tiny shim: ncursesw's wide-character API needs NCURSES_WIDECHAR before the header (SwiftPM drops
// pkg-config's -D_XOPEN_SOURCE), and function-like macros do not import into Swift.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <wchar.h>

static inline attr_t seek_a_bold(void) { return A_BOLD; }
static inline attr_t seek_a_reverse(void) { return A_REVERSE; }
static inline attr_t seek_a_underline(void) { return A_UNDERLINE; }
static inline attr_t seek_a_dim(void) { return A_DIM; }
static inline attr_t seek_color_pair(short n) { return COLOR_PAIR(n); }
static inline WINDOW *seek_stdscr(void) { return stdscr; }
static inline int seek_lines(void) { return LINES; }
static inline int seek_cols(void) { return COLS; }
static inline mmask_t seek_wheel_mask(void) {
#ifdef BUTTON5_PRESSED
  return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED;
#else
  return BUTTON1_PRESSED | BUTTON4_PRESSED;
#endif
}
static inline int seek_is_click(mmask_t m) { return (m & BUTTON1_PRESSED) != 0; }
static inline int seek_is_wheel_up(mmask_t m) { return (m & BUTTON4_PRESSED) != 0; }
static inline int seek_is_wheel_down(mmask_t m) {
#ifdef BUTTON5_PRESSED
  return (m & BUTTON5_PRESSED) != 0;
#else
  return 0;
#endif
}
