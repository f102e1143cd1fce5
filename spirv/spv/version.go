package spv

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a SPIR-V version as the module header encodes it: the major
// number in bits 16-23 and the minor number in bits 8-15. The constants
// Version1_0 up to MaxVersion come from the grammar.
type Version uint32

// VersionNone is the MinVersion of grammar entries that no core version
// includes: only an extension provides them.
const VersionNone Version = 0xFFFFFFFF

// MakeVersion returns the version major.minor.
func MakeVersion(major, minor int) Version {
	return Version(uint32(major&0xFF)<<16 | uint32(minor&0xFF)<<8)
}

// Major returns the major version number.
func (v Version) Major() int { return int(v >> 16 & 0xFF) }

// Minor returns the minor version number.
func (v Version) Minor() int { return int(v >> 8 & 0xFF) }

// String returns "1.3", or "none" for VersionNone.
func (v Version) String() string {
	if v == VersionNone {
		return "none"
	}
	return fmt.Sprintf("%d.%d", v.Major(), v.Minor())
}

// ParseVersion reads a version written "1.3" or "v1.3".
func ParseVersion(s string) (Version, error) {
	maj, min, ok := strings.Cut(strings.TrimPrefix(s, "v"), ".")
	a, err1 := strconv.ParseUint(maj, 10, 8)
	b, err2 := strconv.ParseUint(min, 10, 8)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("spv: bad version %q, want major.minor", s)
	}
	return MakeVersion(int(a), int(b)), nil
}
