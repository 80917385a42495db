// Heap bytes in use, for CallgrindProbe's memory measurement: glibc's `mallinfo2`, whose
// header Swift's Glibc module does not import. 0 off Linux.
#include <stddef.h>

size_t mallocstats_bytes_in_use(void);
