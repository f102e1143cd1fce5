package kernels

// SetMatMulKernel makes l's MatMul use kernel "tiled", "tiled8", "regs" or
// "regs-scalar" whatever the device and shape, or choose again for "".
func SetMatMulKernel(l *Lib, kernel string) { l.matmulKernel = kernel }

// CompileMatMulRegs compiles MatMul's CPU kernels for subgroups of s lanes
// (1: without shuffles), as MatMul would on l's device.
func CompileMatMulRegs(l *Lib, s int64) error {
	lim := l.dev.Limits
	for _, name := range []string{"matmul_regs", "matmul_vec"} {
		if _, err := l.program(name, matmulRegsParams(min(32, int64(lim.MaxWorkgroupInvocations)), l.matmulRows(), 4, s)); err != nil {
			return err
		}
	}
	return nil
}

// MatMulRows is the number of rows of C a thread of MatMul's CPU kernels
// computes on l's device.
func MatMulRows(l *Lib) int64 { return l.matmulRows() }

// SetReducePartials makes l's whole-buffer reductions leave at most n
// partial results a pass whatever the device, or choose again for 0.
func SetReducePartials(l *Lib, n int) { l.partials = n }

// ReducePartials is the most partial results a pass of l's whole-buffer
// reductions leaves, for workgroups of wg threads.
func ReducePartials(l *Lib, wg int64) int { return l.maxPartials(wg) }
