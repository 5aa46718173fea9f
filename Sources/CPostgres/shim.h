#include <postgresql/libpq-fe.h>
#include <dlfcn.h>
#include <stddef.h>

// libpq is loaded on first use, not linked: linked, it and the twenty libraries it needs (TLS,
// Kerberos, LDAP) were loaded by every start of seek (`seek --version` 4-5 ms -> 8-10 ms), though
// most runs never touch PostgreSQL. Each seek_PQ* forwards to libpq's function of that name.
static inline void *seek_pq_library(void) {
  static void *library;
  if (!library) library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  return library;
}
// Whether libpq could be loaded (Debian's libpq5); no seek_PQ* may be called otherwise.
static inline int seek_pq_available(void) { return seek_pq_library() != NULL; }

#define SEEK_PQ(ret, name, params, args)                                     \
  static inline ret seek_##name params {                                    \
    static ret(*function) params;                                           \
    if (!function) function = (ret(*) params)dlsym(seek_pq_library(), #name); \
    return function args;                                                   \
  }

SEEK_PQ(PGconn *, PQconnectdbParams, (const char *const *k, const char *const *v, int e), (k, v, e))
SEEK_PQ(ConnStatusType, PQstatus, (const PGconn *c), (c))
SEEK_PQ(char *, PQerrorMessage, (const PGconn *c), (c))
SEEK_PQ(void, PQfinish, (PGconn *c), (c))
SEEK_PQ(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *c, PQnoticeProcessor p, void *a), (c, p, a))
SEEK_PQ(PGresult *, PQexec, (PGconn *c, const char *q), (c, q))
SEEK_PQ(PGresult *, PQexecParams,
        (PGconn *c, const char *q, int n, const Oid *t, const char *const *v, const int *l, const int *f, int r),
        (c, q, n, t, v, l, f, r))
SEEK_PQ(ExecStatusType, PQresultStatus, (const PGresult *r), (r))
SEEK_PQ(char *, PQresultErrorField, (const PGresult *r, int f), (r, f))
SEEK_PQ(char *, PQresultErrorMessage, (const PGresult *r), (r))
SEEK_PQ(void, PQclear, (PGresult *r), (r))
SEEK_PQ(int, PQnfields, (const PGresult *r), (r))
SEEK_PQ(int, PQntuples, (const PGresult *r), (r))
SEEK_PQ(int, PQgetisnull, (const PGresult *r, int t, int f), (r, t, f))
SEEK_PQ(char *, PQgetvalue, (const PGresult *r, int t, int f), (r, t, f))
SEEK_PQ(int, PQgetlength, (const PGresult *r, int t, int f), (r, t, f))
SEEK_PQ(char *, PQfname, (const PGresult *r, int f), (r, f))
SEEK_PQ(Oid, PQftype, (const PGresult *r, int f), (r, f))
SEEK_PQ(int, PQconsumeInput, (PGconn *c), (c))
SEEK_PQ(PGnotify *, PQnotifies, (PGconn *c), (c))
SEEK_PQ(void, PQfreemem, (void *p), (p))
SEEK_PQ(int, PQsocket, (const PGconn *c), (c))
SEEK_PQ(PQconninfoOption *, PQconninfoParse, (const char *s, char **e), (s, e))
SEEK_PQ(void, PQconninfoFree, (PQconninfoOption *o), (o))
