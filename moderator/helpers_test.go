package moderator_test

import (
	"log/slog"
	"net"
	"strconv"
	"testing"
)

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func host(addr string) string {
	h, _, _ := net.SplitHostPort(addr)
	return h
}

func port(addr string) int {
	_, p, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(p)
	return n
}
