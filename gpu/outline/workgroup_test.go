package outline

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/spirv"
)

func TestDeriveKeepsWrittenABI(t *testing.T) {
	m := parse(t, `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 3, 4>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      gpu.return
    }
  }
}`)
	DeriveWorkgroupSizes(m)
	if got := m.String(); !strings.Contains(got, "workgroup_size = [8, 1, 1]") {
		t.Errorf("written ABI replaced:\n%s", got)
	}
}

func TestDeriveSkipsInvalidSizes(t *testing.T) {
	m := parse(t, `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @zero() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
      gpu.return
    }
    gpu.func @negative() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %neg = arith.constant -4 : index
    gpu.launch_func @m::@negative blocks in (%c1, %c1, %c1) threads in (%neg, %c1, %c1)
    return
  }
}`)
	DeriveWorkgroupSizes(m)
	if got := m.String(); strings.Contains(got, spirv.EntryPointABIAttrName) {
		t.Errorf("derived from invalid sizes:\n%s", got)
	}
}

// The derived attribute is the spirv dialect's, as the lowering reads it.
func TestDerivedAttributeIsTyped(t *testing.T) {
	m := parse(t, `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 2, 1>} {
      gpu.return
    }
  }
}`)
	DeriveWorkgroupSizes(m)
	k := m.Region(0).Entry().First().Region(0).Entry().First()
	abi := spirv.LookupEntryPointABI(k)
	if abi == nil || len(abi.WorkgroupSize) != 3 || abi.WorkgroupSize[0] != 32 || abi.WorkgroupSize[1] != 2 {
		t.Errorf("got %v", abi)
	}
}
