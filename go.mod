module github.com/kiln-gpu/kiln

go 1.26

require github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
