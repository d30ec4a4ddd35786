//go:build !linux

package store

// ReleaseMemory does nothing where pbemd cannot find bbolt's mapping.
func (db *DB) ReleaseMemory() error { return nil }
