package main

import (
	"fmt"
	"net"
	"os"
)

// sd_notify(3) states pbemd sends.
const (
	notifyReady    = "READY=1"
	notifyStopping = "STOPPING=1"
)

// sdNotify tells systemd (a Type=notify service) about the daemon's state:
// it sends state as one datagram to the unix socket $NOTIFY_SOCKET names, a
// path or an abstract name written with a leading '@'. Without
// NOTIFY_SOCKET it does nothing, as outside systemd.
func sdNotify(state string) error {
	name := os.Getenv("NOTIFY_SOCKET")
	if name == "" {
		return nil
	}
	if name[0] != '/' && name[0] != '@' {
		return fmt.Errorf("notify systemd: unsupported NOTIFY_SOCKET %q", name)
	}
	// The syscall package turns a leading '@' into the NUL of an abstract
	// address.
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		return fmt.Errorf("notify systemd: %w", err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(state)); err != nil {
		return fmt.Errorf("notify systemd %s: %w", state, err)
	}
	return nil
}
