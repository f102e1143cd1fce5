package main

import (
	"os"
	"strings"
	"testing"
)

// TestReserveHugePages checks that the heap memory reserveHugePages frees
// is advised for huge pages: a heap mapping then carries the kernel's "hg"
// flag (MADV_HUGEPAGE), whatever the system's THP mode.
func TestReserveHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("kernel without transparent huge pages")
	}
	before := advisedMappings(t)
	reserveHugePages(64 << 20)
	if after := advisedMappings(t); after <= before {
		t.Fatalf("no mapping advised for huge pages (%d before, %d after)", before, after)
	}
}

// advisedMappings counts the mappings of this process with MADV_HUGEPAGE.
func advisedMappings(t *testing.T) int {
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	n := 0
	for _, line := range strings.Split(string(smaps), "\n") {
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && strings.Contains(" "+flags+" ", " hg ") {
			n++
		}
	}
	return n
}
