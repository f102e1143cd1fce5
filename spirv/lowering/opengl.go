package lowering

import (
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// scalarArgClass is the storage class of the block a scalar kernel argument
// is passed in: a storage buffer, as MLIR does, except on OpenGL, where
// Kiln passes scalars in a uniform block (GL's SPIR-V has no push
// constants, and a uniform block is what GL offers for small read-only
// arguments).
func (e *env) scalarArgClass() spv.StorageClass {
	if e.target.API == spirv.APIOpenGL {
		return spv.StorageClassUniform
	}
	return spv.StorageClassStorageBuffer
}
