#include "MallocStats.h"

#if defined(__linux__)
#include <malloc.h>

size_t mallocstats_bytes_in_use(void) {
    return mallinfo2().uordblks;
}
#else
size_t mallocstats_bytes_in_use(void) {
    return 0;
}
#endif
