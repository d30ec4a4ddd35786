package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestSdNotify sends states to a unixgram socket as systemd listens on
// one: named by a path, or by an abstract name written with '@'.
func TestSdNotify(t *testing.T) {
	for name, addr := range map[string]string{
		"path":     filepath.Join(t.TempDir(), "notify"),
		"abstract": fmt.Sprintf("@pbemd-test-notify-%d", os.Getpid()),
	} {
		t.Run(name, func(t *testing.T) {
			conn, env := notifySocket(t, addr)
			t.Setenv("NOTIFY_SOCKET", env)
			for _, state := range []string{notifyReady, notifyStopping} {
				if err := sdNotify(state); err != nil {
					t.Fatalf("sdNotify(%q) = %v", state, err)
				}
				if got := readNotify(t, conn, 5*time.Second); got != state {
					t.Errorf("systemd got %q, want %q", got, state)
				}
			}
		})
	}
}

func TestSdNotify_withoutSystemd(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "")
	if err := sdNotify(notifyReady); err != nil {
		t.Errorf("sdNotify without NOTIFY_SOCKET = %v, want nil", err)
	}
	t.Setenv("NOTIFY_SOCKET", "vsock:2:1234")
	if err := sdNotify(notifyReady); err == nil {
		t.Error("sdNotify to an unsupported NOTIFY_SOCKET succeeded")
	}
	t.Setenv("NOTIFY_SOCKET", filepath.Join(t.TempDir(), "nobody-listens"))
	if err := sdNotify(notifyReady); err == nil {
		t.Error("sdNotify to a missing socket succeeded")
	}
}
