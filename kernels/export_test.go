package kernels

// SetMatMulKernel makes l's MatMul use kernel "tiled" or "regs" whatever
// the device, or choose by device type again for "".
func SetMatMulKernel(l *Lib, kernel string) { l.matmulKernel = kernel }

// CompileMatMulRegs compiles MatMul's CPU kernel for subgroups of s lanes
// (1: without shuffles), as MatMul would on l's device.
func CompileMatMulRegs(l *Lib, s int64) error {
	lim := l.dev.Limits
	_, err := l.program("matmul_regs", matmulRegsParams(min(32, int64(lim.MaxWorkgroupInvocations)), 16, 4, s))
	return err
}
