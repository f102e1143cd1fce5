package vulkan

import (
	"errors"
	"strings"
	"testing"
)

func TestSelectDevice(t *testing.T) {
	devs := []DeviceInfo{
		{Name: "llvmpipe (LLVM 15.0.6, 256 bits)", Type: "cpu"},
		{Name: "AMD Radeon RX 7900", Type: "discrete-gpu"},
		{Name: "Intel(R) UHD Graphics 770", Type: "integrated-gpu"},
		{Name: "AMD Radeon Old", Type: "discrete-gpu", Unsupported: "Vulkan 1.1.0 device"},
	}
	for _, tc := range []struct {
		spec string
		want int
		err  string // substring of the error; "" for success
	}{
		{"", 1, ""}, // the best kind that Kiln can open
		{"2", 2, ""},
		{" 0 ", 0, ""},
		{"llvm", 0, ""},
		{"INTEL", 2, ""},
		{"radeon", -1, "ambiguous"},
		{"7", -1, "out of range"},
		{"-1", -1, "out of range"},
		{"nvidia", -1, `no device name contains "nvidia"`},
	} {
		got, err := selectDevice(devs, tc.spec)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("selectDevice(%q) = %d, %v; want %d", tc.spec, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrNoDevice)):
			t.Errorf("selectDevice(%q) = %d, %v; want an ErrNoDevice containing %q", tc.spec, got, err, tc.err)
		}
	}
	if _, err := selectDevice(nil, ""); !errors.Is(err, ErrNoDevice) {
		t.Errorf("no devices: %v", err)
	}
	if _, err := selectDevice(devs[3:], ""); !errors.Is(err, ErrNoDevice) || !strings.Contains(err.Error(), "unusable") {
		t.Errorf("only an unusable device: %v", err)
	}
}
