//go:build !linux

package main

// reserveHugePages does nothing where there is no madvise(MADV_HUGEPAGE).
func reserveHugePages(int) {}
