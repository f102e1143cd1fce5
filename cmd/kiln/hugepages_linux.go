package main

import (
	"runtime"
	"runtime/debug"
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
// no huge pages, or uses them anyway, the advice changes nothing. The
// collector is off meanwhile: the block's size alone would start a
// collection, which cannot free it and which runtime.GC would wait for
// before its own.
func reserveHugePages(size int) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	block := make([]byte, size)
	_ = syscall.Madvise(block, syscall.MADV_HUGEPAGE) // an error only means small pages
	runtime.KeepAlive(block)
	runtime.GC()
}
