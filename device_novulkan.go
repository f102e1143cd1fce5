//go:build !cgo

package kiln

import "fmt"

func openVulkan(spec string) (*Device, error) {
	return nil, fmt.Errorf("kiln.Open(%q): this program was built without cgo, so only the %q device is available", spec, Reference)
}
