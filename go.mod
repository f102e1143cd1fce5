module github.com/kiln-gpu/kiln

go 1.26
