#include "MallocStats.h"

#if defined(__linux__)
#include <malloc.h>

size_t mallocstats_bytes_in_use(void) {
    // Blocks from the heap plus those `malloc` maps on their own (large ones, above its
    // mmap threshold): counting only the first missed a document's input copy and index.
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t mallocstats_bytes_in_use(void) {
    return 0;
}
#endif
