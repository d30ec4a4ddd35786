package moderator

import (
	"context"
	"testing"
)

// TestSenderHold: the sender goes on at once while nothing holds it back;
// while turns resolve it waits until the last hold is released, or until
// the daemon stops.
func TestSenderHold(t *testing.T) {
	var h senderHold
	if err := h.wait(t.Context()); err != nil {
		t.Fatalf("wait with nothing held = %v, want nil at once", err)
	}
	first, second := h.hold(), h.hold()
	waited := make(chan error, 1)
	go func() { waited <- h.wait(t.Context()) }()
	first()
	stopped, stop := context.WithCancel(t.Context())
	stop()
	if err := h.wait(stopped); err == nil {
		t.Fatal("wait while a hold remains returned nil, want the stopped context's error")
	}
	select {
	case err := <-waited:
		t.Fatalf("the sender went on (%v) while a hold remained", err)
	default:
	}
	second()
	if err := <-waited; err != nil {
		t.Fatalf("wait after the last release = %v, want nil", err)
	}
	if err := h.wait(stopped); err != nil {
		t.Fatalf("wait with nothing held = %v, want nil even when stopped", err)
	}
}
