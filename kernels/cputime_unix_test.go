//go:build unix

package kernels_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) of every thread of the
// process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
