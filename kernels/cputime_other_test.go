//go:build !unix

package kernels_test

import "time"

// cpuTime is 0 where the process's CPU time is not read: the benchmarks
// report no cpu-ms/op there.
func cpuTime() time.Duration { return 0 }
