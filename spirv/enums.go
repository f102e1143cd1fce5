package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/spirv/spv"
)

// The SPIR-V enums (storage classes, decorations, capabilities, ...) come
// from spv's generated tables. The few enums below are MLIR's own (image
// type parameters, target description, the cooperative matrix use, layout
// and operands, which MLIR spells without the grammar's KHR suffixes), so
// they are listed here with MLIR's spellings.

// EnumName returns MLIR's spelling of value v of an spv enum kind: the
// grammar's name, with Dim's numeric names prefixed (Dim2D), and bit
// enums joined by "|".
func EnumName(k *spv.OperandKind, v uint32) string {
	if k == spv.KindDim {
		return DimName(spv.Dim(v))
	}
	if v == 0 && k == spv.KindMemorySemantics {
		return "None" // the grammar's canonical name is Relaxed; MLIR prints None
	}
	if k == spv.KindCapability {
		for name, n := range mlirCapabilityNames {
			if uint32(n) == v {
				return name
			}
		}
	}
	if k == spv.KindLinkageType && v == uint32(spv.LinkageTypeWeakAMD) {
		return "Weak"
	}
	return k.Format(v)
}

// mlirCapabilityNames are MLIR's spellings of capabilities that the
// grammar spells otherwise; both are read, MLIR's is printed.
var mlirCapabilityNames = map[string]spv.Capability{
	"Bfloat16ConversionINTEL": spv.CapabilityBFloat16ConversionINTEL,
	"StorageUniform16":        spv.CapabilityUniformAndStorageBuffer16BitAccess,
}

// DimName returns MLIR's name of a Dim: Dim1D, Dim2D, Dim3D, Cube, ...
func DimName(d spv.Dim) string {
	n := spv.KindDim.Format(uint32(d))
	if n != "" && n[0] >= '0' && n[0] <= '9' {
		return "Dim" + n
	}
	return n
}

// ParseEnum reads MLIR's spelling of a value of an spv enum kind (bit
// enums as names joined by "|"); ok is false for unknown names.
func ParseEnum(k *spv.OperandKind, s string) (uint32, bool) {
	if k == spv.KindDim {
		s = strings.TrimPrefix(s, "Dim")
	}
	parts := []string{s}
	if k.Category == spv.CategoryBitEnum {
		parts = strings.Split(s, "|")
	}
	var v uint32
	for _, p := range parts {
		e := k.EnumerantByName(strings.TrimSpace(p))
		if e == nil {
			if c, ok := mlirCapabilityNames[p]; ok && k == spv.KindCapability {
				v |= uint32(c)
				continue
			}
			if p == "Weak" && k == spv.KindLinkageType {
				// MLIR's name of SPV_AMD_weak_linkage's WeakAMD.
				v |= uint32(spv.LinkageTypeWeakAMD)
				continue
			}
			return 0, false
		}
		v |= e.Value
	}
	return v, true
}

// localEnum is an enum that the grammar does not provide: names by value.
type localEnum []string

func (e localEnum) name(v uint32) string {
	if int(v) < len(e) {
		return e[v]
	}
	return "?"
}

func (e localEnum) parse(s string) (uint32, bool) {
	for i, n := range e {
		if n == s {
			return uint32(i), true
		}
	}
	return 0, false
}

// CoopMatrixUse is SPV_KHR_cooperative_matrix's CooperativeMatrixUse.
type CoopMatrixUse uint32

// Cooperative matrix uses.
const (
	MatrixA CoopMatrixUse = iota
	MatrixB
	MatrixAcc
)

var coopMatrixUseNames = localEnum{"MatrixA", "MatrixB", "MatrixAcc"}

func (u CoopMatrixUse) String() string { return coopMatrixUseNames.name(uint32(u)) }

// CoopMatrixLayout is SPV_KHR_cooperative_matrix's CooperativeMatrixLayout.
type CoopMatrixLayout uint32

// Cooperative matrix layouts.
const (
	RowMajor CoopMatrixLayout = iota
	ColumnMajor
)

var coopMatrixLayoutNames = localEnum{"RowMajor", "ColumnMajor"}

func (l CoopMatrixLayout) String() string { return coopMatrixLayoutNames.name(uint32(l)) }

// ImageDepth is an image's depth parameter.
type ImageDepth uint32

// ImageArrayed says whether an image is arrayed.
type ImageArrayed uint32

// ImageSampling says whether an image is multisampled.
type ImageSampling uint32

// ImageSamplerUse says whether an image is used with a sampler.
type ImageSamplerUse uint32

// Image type parameters, in MLIR's order (the values OpTypeImage encodes).
const (
	NoDepth ImageDepth = iota
	IsDepth
	DepthUnknown
)

const (
	NonArrayed ImageArrayed = iota
	Arrayed
)

const (
	SingleSampled ImageSampling = iota
	MultiSampled
)

const (
	SamplerUnknown ImageSamplerUse = iota
	NeedSampler
	NoSampler
)

var (
	imageDepthNames      = localEnum{"NoDepth", "IsDepth", "DepthUnknown"}
	imageArrayedNames    = localEnum{"NonArrayed", "Arrayed"}
	imageSamplingNames   = localEnum{"SingleSampled", "MultiSampled"}
	imageSamplerUseNames = localEnum{"SamplerUnknown", "NeedSampler", "NoSampler"}
)

func (d ImageDepth) String() string      { return imageDepthNames.name(uint32(d)) }
func (a ImageArrayed) String() string    { return imageArrayedNames.name(uint32(a)) }
func (s ImageSampling) String() string   { return imageSamplingNames.name(uint32(s)) }
func (u ImageSamplerUse) String() string { return imageSamplerUseNames.name(uint32(u)) }

// ClientAPI is the API a target environment runs under (MLIR's ClientAPI).
type ClientAPI uint32

// Client APIs; Unknown prints nothing. OpenGL is Kiln's own (MLIR's enum
// stops at WebGPU): OpenGL 4.5 with GL_ARB_gl_spirv, which Kiln's GL
// runtime targets (docs/RATIONALE.md).
const (
	APIUnknown ClientAPI = iota
	APIMetal
	APIOpenCL
	APIVulkan
	APIWebGPU
	APIOpenGL
)

var clientAPINames = localEnum{"Unknown", "Metal", "OpenCL", "Vulkan", "WebGPU", "OpenGL"}

func (a ClientAPI) String() string { return clientAPINames.name(uint32(a)) }

// Vendor is a GPU vendor (MLIR's Vendor enum).
type Vendor uint32

// GPU vendors; VendorUnknown is the default and prints nothing.
const (
	VendorUnknown Vendor = iota
	VendorAMD
	VendorApple
	VendorARM
	VendorImagination
	VendorIntel
	VendorNVIDIA
	VendorQualcomm
	VendorSwiftShader
)

var vendorNames = localEnum{"Unknown", "AMD", "Apple", "ARM", "Imagination", "Intel", "NVIDIA", "Qualcomm", "SwiftShader"}

func (v Vendor) String() string { return vendorNames.name(uint32(v)) }

// DeviceType is a device class (MLIR's DeviceType enum).
type DeviceType uint32

// Device types; DeviceUnknown is the default.
const (
	DeviceUnknown DeviceType = iota
	DeviceDiscreteGPU
	DeviceIntegratedGPU
	DeviceCPU
	DeviceOther
)

var deviceTypeNames = localEnum{"Unknown", "DiscreteGPU", "IntegratedGPU", "CPU", "Other"}

func (d DeviceType) String() string { return deviceTypeNames.name(uint32(d)) }
