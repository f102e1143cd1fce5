package kiln

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// CompileFor compiles gm for a device whose target environment is have
// (see DeviceTargetEnv): for the file's own target environment when the
// device offers all of it, else for the part the device offers, so that
// the lowering emulates the rest (8-bit storage on SwiftShader); when that
// fails too, the error names what the device lacks. Without a target
// environment in the file, the device's own is used.
func (c *Compiler) CompileFor(gm *ir.Operation, have *spirv.TargetEnvAttr, device string) (*Module, error) {
	env := spirv.LookupTargetEnv(gm)
	if env == nil {
		return c.Compile(gm, have)
	}
	if have.API == spirv.APIOpenGL {
		return c.compileForGL(gm, env, have, device)
	}
	lack := checkTargetEnv(gm, env, have, device)
	if lack == nil {
		return c.Compile(gm, env)
	}
	m, err := c.Compile(gm, reducedTargetEnv(gm.Context(), env, have))
	if err != nil {
		lack.Notes = append(lack.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: gm.Loc(),
			Message: "compiling without them failed: " + err.Error()})
		return nil, lack
	}
	return m, nil
}

// compileForGL compiles gm for an OpenGL context whose target environment
// is have: the file's environment want limited to what the context offers,
// with the context's client API and limits, and the file's SPIR-V version
// up to the context's. When that fails, the error names what the file asks
// for that GL lacks.
func (c *Compiler) compileForGL(gm *ir.Operation, want, have *spirv.TargetEnvAttr, device string) (*Module, error) {
	ctx := gm.Context()
	t := reducedTargetEnv(ctx, want, have).TargetEnv
	t.API = spirv.APIOpenGL
	// The file's version, up to the context's: a context with subgroups
	// takes SPIR-V 1.3, which kernels that do not ask for it do not get.
	t.VCE = spirv.VCE(ctx, min(want.Version(), have.Version()), t.VCE.Capabilities, t.VCE.Extensions)
	t.Limits = have.TargetEnv.Limits
	m, err := c.Compile(gm, spirv.NewTargetEnv(ctx, t))
	if err != nil {
		if lack := checkTargetEnv(gm, want, have, device); lack != nil {
			lack.Notes = append(lack.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: gm.Loc(),
				Message: "compiling without them failed: " + err.Error()})
			return nil, lack
		}
	}
	return m, err
}

// checkTargetEnv reports what a file's target environment asks for that
// the device does not offer, located at op.
func checkTargetEnv(op *ir.Operation, want, have *spirv.TargetEnvAttr, device string) *ir.Diagnostic {
	if want.Version() > have.Version() {
		return op.Errorf("the target environment asks for SPIR-V %s, but device '%s' accepts at most %s",
			want.Version(), device, have.Version())
	}
	var caps, exts []string
	for _, c := range want.Capabilities() {
		if !slices.Contains(have.Capabilities(), c) && !impliedByShader(c) {
			caps = append(caps, spirv.EnumName(spv.KindCapability, uint32(c)))
		}
	}
	for _, e := range want.Extensions() {
		if !slices.Contains(have.Extensions(), e) && e != "SPV_KHR_storage_buffer_storage_class" {
			exts = append(exts, e)
		}
	}
	if len(caps)+len(exts) == 0 {
		return nil
	}
	msg := "the target environment needs what device '" + device + "' does not offer:"
	if len(caps) > 0 {
		msg += " capabilities " + strings.Join(caps, ", ")
	}
	if len(exts) > 0 {
		msg += " extensions " + strings.Join(exts, ", ")
	}
	return op.Errorf("%s", msg)
}

// impliedByShader lists capabilities every Vulkan compute device has.
func impliedByShader(c spv.Capability) bool {
	switch c {
	case spv.CapabilityShader, spv.CapabilityMatrix, spv.CapabilityGroups:
		return true
	}
	return false
}

// reducedTargetEnv is want limited to what have offers, for kernels whose
// file asks for more than the device has: the lowering then emulates what
// it can (8- and 16-bit storage through 32-bit words).
func reducedTargetEnv(ctx *ir.Context, want, have *spirv.TargetEnvAttr) *spirv.TargetEnvAttr {
	var caps []spv.Capability
	for _, c := range want.Capabilities() {
		if slices.Contains(have.Capabilities(), c) || impliedByShader(c) {
			caps = append(caps, c)
		}
	}
	var exts []string
	for _, e := range want.Extensions() {
		if slices.Contains(have.Extensions(), e) {
			exts = append(exts, e)
		}
	}
	t := want.TargetEnv
	t.VCE = spirv.VCE(ctx, min(want.Version(), have.Version()), caps, exts)
	return spirv.NewTargetEnv(ctx, t)
}
