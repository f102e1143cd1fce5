package runner

import (
	"io"
	"testing"
	"time"
)

// BenchmarkLaunch100 runs 100 launches of a small kernel on Vulkan and
// reports the host overhead of the first launch (compiling, pipeline,
// buffers) and the mean of the other 99; the goal is repeat/first < 10%.
func BenchmarkLaunch100(b *testing.B) {
	inst := testInstance(b)
	reg := fakePasses(b, "testdata/addf.spirv.mlir")
	var first, repeat time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		mod := parseFile(b, "testdata/launch100.mlir")
		b.StartTimer()
		rep, err := Run(mod, Options{Instance: inst, Out: io.Discard, Passes: reg})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Launches) != 100 {
			b.Fatalf("%d launches, want 100", len(rep.Launches))
		}
		first += rep.Launches[0].Host
		for _, l := range rep.Launches[1:] {
			repeat += l.Host
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(first.Nanoseconds())/n, "first-host-ns")
	b.ReportMetric(float64(repeat.Nanoseconds())/n/99, "repeat-host-ns")
	b.ReportMetric(float64(repeat)/99/float64(first), "repeat/first")
}
