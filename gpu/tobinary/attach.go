package tobinary

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// AttachTargetPass is spirv-attach-target (MLIR's GpuSPIRVAttachTarget):
// it appends a #spirv.target_env made of its options to the targets of
// every gpu.module in the op (nested ones included) whose name matches
// the `module` regular expression (all when empty), as the target
// gpu-module-to-binary and convert-gpu-to-spirv then read.
func AttachTargetPass() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuSPIRVAttachTarget",
		Argument: "spirv-attach-target",
		Summary:  "Attaches an SPIR-V target attribute to a GPU Module.",
		Options: []pass.Option{
			{Name: "module", Kind: pass.StringOption, Help: "Regex used to identify the modules to attach the target to."},
			{Name: "ver", Kind: pass.StringOption, Default: "v1.0", Help: "SPIR-V Version."},
			{Name: "caps", Kind: pass.ListOption, Help: "List of supported SPIR-V Capabilities"},
			{Name: "exts", Kind: pass.ListOption, Help: "List of supported SPIR-V Extensions"},
			{Name: "client_api", Kind: pass.StringOption, Default: "Unknown", Help: "Client API"},
			{Name: "vendor", Kind: pass.StringOption, Default: "Unknown", Help: "Device Vendor"},
			{Name: "device_type", Kind: pass.StringOption, Default: "Unknown", Help: "Device Type"},
			{Name: "device_id", Kind: pass.UnsignedOption, Default: strconv.Itoa(spirv.UnknownDeviceID), Help: "Device ID"},
		},
		Init: func(ctx *ir.Context, opts *pass.Options) error {
			_, _, err := attachOptions(ctx, opts)
			return err
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			target, matcher, err := attachOptions(op.Context(), pc.Options)
			if err != nil {
				return err
			}
			AttachTarget(op, target, matcher)
			return nil
		},
	}
}

// AttachTarget appends target to the targets of the gpu.modules in op
// (nested ones included) whose names matcher matches (all if nil), unless
// it is their last target already.
func AttachTarget(op *ir.Operation, target ir.Attribute, matcher *regexp.Regexp) {
	ctx := op.Context()
	op.Walk(func(o *ir.Operation) bool {
		if o.Name() != "gpu.module" || matcher != nil && !matcher.MatchString(ir.SymbolName(o)) {
			return true
		}
		var targets []ir.Attribute
		if a, ok := o.Attr("targets").(*ir.ArrayAttr); ok {
			targets = append(targets, a.Elems...)
		}
		// As MLIR's std::unique: only adjacent duplicates go.
		targets = slices.Compact(append(targets, target))
		o.SetAttr("targets", ctx.ArrayAttr(targets...))
		return true
	})
}

// attachOptions reads the pass's options: the target environment and the
// module name matcher (nil for all modules). Unlike MLIR, which fails the
// pass without a word on a bad version, client API, vendor or device type
// and drops unknown capabilities and extensions, each is an error naming
// the option and the value.
func attachOptions(ctx *ir.Context, opts *pass.Options) (*spirv.TargetEnvAttr, *regexp.Regexp, error) {
	var matcher *regexp.Regexp
	if m := opts.String("module"); m != "" {
		re, err := regexp.Compile(m)
		if err != nil {
			return nil, nil, fmt.Errorf("spirv-attach-target: invalid module regex '%s': %v", m, err)
		}
		matcher = re
	}
	bad := func(opt, v string) error {
		return fmt.Errorf("spirv-attach-target: unknown %s '%s'", opt, v)
	}
	ver := opts.String("ver")
	version, err := spv.ParseVersion(ver)
	if err != nil || len(ver) < 4 || ver[0] != 'v' || version < spv.MakeVersion(1, 0) || version > spv.MakeVersion(1, 6) {
		return nil, nil, bad("ver", ver)
	}
	var caps []spv.Capability
	for _, c := range opts.List("caps") {
		v, ok := spirv.ParseEnum(spv.KindCapability, c)
		if !ok {
			return nil, nil, bad("capability", c)
		}
		caps = append(caps, spv.Capability(v))
	}
	exts := opts.List("exts")
	for _, e := range exts {
		if !spirv.KnownExtension(e) {
			return nil, nil, bad("extension", e)
		}
	}
	t := spirv.TargetEnv{VCE: spirv.VCE(ctx, version, caps, exts), DeviceID: uint32(opts.Int("device_id")),
		Limits: spirv.Limits(ctx, spirv.DefaultResourceLimits())}
	var ok bool
	if t.API, ok = byName(opts.String("client_api"), spirv.APIUnknown, spirv.APIWebGPU); !ok {
		return nil, nil, bad("client_api", opts.String("client_api"))
	}
	if t.Vendor, ok = byName(opts.String("vendor"), spirv.VendorUnknown, spirv.VendorSwiftShader); !ok {
		return nil, nil, bad("vendor", opts.String("vendor"))
	}
	if t.DeviceType, ok = byName(opts.String("device_type"), spirv.DeviceUnknown, spirv.DeviceOther); !ok {
		return nil, nil, bad("device_type", opts.String("device_type"))
	}
	return spirv.NewTargetEnv(ctx, t), matcher, nil
}

// byName is the value from first to last whose name is s.
func byName[E interface {
	~uint32
	String() string
}](s string, first, last E) (E, bool) {
	for e := first; e <= last; e++ {
		if e.String() == s {
			return e, true
		}
	}
	return 0, false
}
