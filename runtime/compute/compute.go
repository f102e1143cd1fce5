// Package compute holds what Kiln's two runtimes, runtime/vulkan and
// runtime/gl, share: the structural SPIR-V checks a module passes before any
// driver parses it (Module), the limit checks made before a dispatch reaches
// a driver (the CPU drivers run over-limit work silently), and the error
// sentinels both wrap, so that errors.Is(err, compute.ErrLimit) holds for an
// error from either. Standard library only; it never imports the compiler's IR.
package compute

import (
	"errors"
	"fmt"
)

// Errors a runtime reports for conditions it detects itself, before the
// driver sees anything. The runtimes re-export them under the same names.
var (
	ErrClosed       = errors.New("use of a closed object")
	ErrLimit        = errors.New("exceeds a device limit")
	ErrInvalidSPIRV = errors.New("not a SPIR-V module")
	ErrBadArgument  = errors.New("bad argument")
	ErrUnsupported  = errors.New("not supported by the device")
)

// Class is how a kernel argument is bound: the SPIR-V storage class of its
// block.
type Class uint8

const (
	StorageBuffer Class = iota // a StorageBuffer (or Uniform+BufferBlock) block
	Uniform                    // a Uniform block
)

func (c Class) String() string {
	if c == Uniform {
		return "Uniform"
	}
	return "StorageBuffer"
}

// WorkgroupLimits are the limits on a kernel's workgroup size and on the
// number of workgroups of a dispatch, by the names both APIs give them.
type WorkgroupLimits struct {
	MaxCount       [3]uint32 // maxComputeWorkGroupCount
	MaxSize        [3]uint32 // maxComputeWorkGroupSize
	MaxInvocations uint32    // maxComputeWorkGroupInvocations
}

// CheckWorkgroupSize refuses a zero or over-limit workgroup size of the
// kernel entry; the error wraps ErrBadArgument or ErrLimit.
func (l WorkgroupLimits) CheckWorkgroupSize(entry string, size [3]uint32) error {
	total := uint64(1)
	for i, n := range size {
		if n == 0 {
			return fmt.Errorf("kernel %q: workgroup size %v has a zero: %w", entry, size, ErrBadArgument)
		}
		if n > l.MaxSize[i] {
			return fmt.Errorf("kernel %q: workgroup size %v exceeds maxComputeWorkGroupSize %v in %c: %w",
				entry, size, l.MaxSize, "xyz"[i], ErrLimit)
		}
		total *= uint64(n)
	}
	if total > uint64(l.MaxInvocations) {
		return fmt.Errorf("kernel %q: workgroup size %dx%dx%d is %d invocations, "+
			"over maxComputeWorkGroupInvocations %d: %w",
			entry, size[0], size[1], size[2], total, l.MaxInvocations, ErrLimit)
	}
	return nil
}

// CheckGroupCount refuses a dispatch of more workgroups than the device
// takes in some dimension; the error wraps ErrLimit.
func (l WorkgroupLimits) CheckGroupCount(entry string, groups [3]uint32) error {
	for j, g := range groups {
		if g > l.MaxCount[j] {
			return fmt.Errorf("kernel %q: group count %v exceeds maxComputeWorkGroupCount %v in %c: %w",
				entry, groups, l.MaxCount, "xyz"[j], ErrLimit)
		}
	}
	return nil
}
