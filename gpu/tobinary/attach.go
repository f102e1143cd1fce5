package tobinary

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
			{Name: "module", Kind: pass.StringOption, Help: "Regex used to identify the modules to attach the target to.", Check: checked(moduleMatcher)},
			{Name: "ver", Kind: pass.StringOption, Default: "v1.0", Help: "SPIR-V Version.", Check: checked(parseVer)},
			{Name: "caps", Kind: pass.ListOption, Help: "List of supported SPIR-V Capabilities", Check: checked(parseCaps)},
			{Name: "exts", Kind: pass.ListOption, Help: "List of supported SPIR-V Extensions", Check: checked(parseExts)},
			{Name: "client_api", Kind: pass.StringOption, Default: "Unknown", Help: "Client API", Check: checked(parseAPI)},
			{Name: "vendor", Kind: pass.StringOption, Default: "Unknown", Help: "Device Vendor", Check: checked(parseVendor)},
			{Name: "device_type", Kind: pass.StringOption, Default: "Unknown", Help: "Device Type", Check: checked(parseDeviceType)},
			{Name: "device_id", Kind: pass.UnsignedOption, Default: strconv.Itoa(spirv.UnknownDeviceID), Help: "Device ID"},
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

// attachOptions reads the pass's options, which their checks validated as
// the pipeline was parsed: the target environment and the module name
// matcher (nil for all modules). Unlike MLIR, which fails the pass without
// a word on a bad version, client API, vendor or device type and drops
// unknown capabilities and extensions, each is an error naming the option
// and the value, located in the pipeline.
func attachOptions(ctx *ir.Context, opts *pass.Options) (*spirv.TargetEnvAttr, *regexp.Regexp, error) {
	matcher, err := moduleMatcher(opts.String("module"))
	if err != nil {
		return nil, nil, err
	}
	version, err := parseVer(opts.String("ver"))
	if err != nil {
		return nil, nil, err
	}
	caps, err := parseCaps(opts.String("caps"))
	if err != nil {
		return nil, nil, err
	}
	exts, err := parseExts(opts.String("exts"))
	if err != nil {
		return nil, nil, err
	}
	t := spirv.TargetEnv{VCE: spirv.VCE(ctx, version, caps, exts), DeviceID: uint32(opts.Int("device_id")),
		Limits: spirv.Limits(ctx, spirv.DefaultResourceLimits())}
	if t.API, err = parseAPI(opts.String("client_api")); err != nil {
		return nil, nil, err
	}
	if t.Vendor, err = parseVendor(opts.String("vendor")); err != nil {
		return nil, nil, err
	}
	if t.DeviceType, err = parseDeviceType(opts.String("device_type")); err != nil {
		return nil, nil, err
	}
	return spirv.NewTargetEnv(ctx, t), matcher, nil
}

// checked turns an option's parser into its Check.
func checked[T any](parse func(string) (T, error)) func(string) error {
	return func(v string) error {
		_, err := parse(v)
		return err
	}
}

func unknown(opt, v string) error { return fmt.Errorf("spirv-attach-target: unknown %s '%s'", opt, v) }

// moduleMatcher compiles the module option, nil when it is empty.
func moduleMatcher(m string) (*regexp.Regexp, error) {
	if m == "" {
		return nil, nil
	}
	re, err := regexp.Compile(m)
	if err != nil {
		return nil, fmt.Errorf("spirv-attach-target: invalid module regex '%s': %v", m, err)
	}
	return re, nil
}

func parseVer(ver string) (spv.Version, error) {
	version, err := spv.ParseVersion(ver)
	if err != nil || len(ver) < 4 || ver[0] != 'v' || version < spv.MakeVersion(1, 0) || version > spv.MakeVersion(1, 6) {
		return 0, unknown("ver", ver)
	}
	return version, nil
}

// parseCaps reads the caps list, its elements joined by commas.
func parseCaps(list string) ([]spv.Capability, error) {
	var caps []spv.Capability
	for _, c := range elems(list) {
		v, ok := spirv.ParseEnum(spv.KindCapability, c)
		if !ok {
			return nil, unknown("capability", c)
		}
		caps = append(caps, spv.Capability(v))
	}
	return caps, nil
}

// parseExts reads the exts list, its elements joined by commas.
func parseExts(list string) ([]string, error) {
	exts := elems(list)
	for _, e := range exts {
		if !spirv.KnownExtension(e) {
			return nil, unknown("extension", e)
		}
	}
	return exts, nil
}

func elems(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(list, ",")
}

func parseAPI(s string) (spirv.ClientAPI, error) {
	return byName("client_api", s, spirv.APIUnknown, spirv.APIWebGPU)
}

func parseVendor(s string) (spirv.Vendor, error) {
	return byName("vendor", s, spirv.VendorUnknown, spirv.VendorSwiftShader)
}

func parseDeviceType(s string) (spirv.DeviceType, error) {
	return byName("device_type", s, spirv.DeviceUnknown, spirv.DeviceOther)
}

// byName is the value from first to last whose name is s, else an error
// naming option opt.
func byName[E interface {
	~uint32
	String() string
}](opt, s string, first, last E) (E, error) {
	for e := first; e <= last; e++ {
		if e.String() == s {
			return e, nil
		}
	}
	return 0, unknown(opt, s)
}
