package main

import (
	"runtime"
	"syscall"
)

// reserveHugePages has the kernel back the first size bytes of the heap
// with transparent huge pages where it gives them only on request (THP in
// "madvise" mode, as on the CI machines). On the virtual machines Kiln is
// tested and benchmarked on, a first touch of a page costs a few
// microseconds and was a third of a lowering's CPU time; a huge page takes
// one fault for 512 small ones. A block of that size is allocated (mapped,
// not touched), advised, and freed by a collection of the still empty
// heap, whose allocator then reuses its pages first. Where the kernel has
// no huge pages, or uses them anyway, the advice changes nothing.
func reserveHugePages(size int) {
	block := make([]byte, size)
	_ = syscall.Madvise(block, syscall.MADV_HUGEPAGE) // an error only means small pages
	runtime.KeepAlive(block)
	runtime.GC()
}
