package control

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"runtime/debug"
	"sync"
	"syscall"
	"time"
)

// Server limits.
const (
	// idleTimeout closes a connection that sends no request for this long.
	idleTimeout = 5 * time.Minute
	// acceptRetry is the pause after a failed accept.
	acceptRetry = 100 * time.Millisecond
	// maxSocketPath is the size of sun_path on Linux, NUL included.
	maxSocketPath = 108
)

// SocketPath returns the control socket of the data file at data: beside
// it, named after it, so daemons on two data files in one directory do not
// meet.
func SocketPath(data string) string { return data + ".sock" }

// Listen listens on the control socket of the data file at data, with mode
// 0600. It removes a socket a dead daemon left behind, and returns
// ErrRunning if a live daemon answers on it. Call it while holding the
// data file, so no other daemon can start meanwhile.
func Listen(data string) (*net.UnixListener, error) {
	path := SocketPath(data)
	if len(path) >= maxSocketPath {
		return nil, fmt.Errorf("control: socket path %s is longer than the %d bytes a unix socket allows; move the data file to a shorter path", path, maxSocketPath-1)
	}
	if err := removeStale(path); err != nil {
		return nil, err
	}
	var ln *net.UnixListener
	err := withUmask(0o177, func() error { // no moment with a socket others may connect to
		var err error
		ln, err = net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("control: listen on %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("control: listen on %s: %w", path, err)
	}
	return ln, nil
}

// removeStale removes a socket no daemon answers on. It leaves anything
// that is not a socket alone.
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("control: check %s: %w", path, err)
	}
	if fi.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("control: %s exists and is not a socket; remove it if nothing needs it", path)
	}
	c, err := net.DialTimeout("unix", path, time.Second)
	if err == nil {
		c.Close()
		return fmt.Errorf("control: %s: %w", path, ErrRunning)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("control: check %s: %w", path, err)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("control: remove stale socket %s: %w", path, err)
	}
	return nil
}

// ServerOptions configure a Server. Backend is required.
type ServerOptions struct {
	Backend Backend
	// Data is the data file, and Started when the daemon started; both go
	// into the greeting with the process id.
	Data    string
	Started time.Time
	Logger  *slog.Logger
}

// Server serves a Backend on the control socket.
type Server struct {
	opts  ServerOptions
	log   *slog.Logger
	hello greeting
}

// NewServer returns a Server.
func NewServer(opts ServerOptions) *Server {
	s := &Server{opts: opts, log: opts.Logger}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.hello = greeting{Version: Version, Daemon: Daemon{PID: os.Getpid(), Data: opts.Data, Started: opts.Started.UTC()}}
	return s
}

// Serve accepts connections on ln and serves each until ctx is done; then
// it closes ln, which removes the socket, ends every connection and
// returns nil once they are done. Commands under way see ctx end.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, net.ErrClosed) {
				return fmt.Errorf("control: accept: %w", err)
			}
			s.log.Warn("control socket accept failed; retrying", "err", err) // out of file descriptors, say
			select {
			case <-ctx.Done():
			case <-time.After(acceptRetry):
			}
			continue
		}
		wg.Go(func() { s.ServeConn(ctx, conn) })
	}
}

// ServeConn greets a client and answers its requests until it hangs up,
// sends nothing for a while, or ctx is done. It closes conn.
func (s *Server) ServeConn(ctx context.Context, conn net.Conn) {
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	enc := json.NewEncoder(conn)
	if err := enc.Encode(s.hello); err != nil {
		return
	}
	r := bufio.NewReaderSize(conn, 4096)
	for {
		conn.SetReadDeadline(time.Now().Add(idleTimeout))
		line, err := readLine(r)
		if err != nil {
			if !errors.Is(err, io.EOF) && ctx.Err() == nil {
				s.log.Info("control connection ended", "err", err)
			}
			return
		}
		if err := enc.Encode(s.answer(ctx, line)); err != nil {
			return
		}
	}
}

// readLine reads one request line of at most MaxRequestBytes.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxRequestBytes {
			return nil, fmt.Errorf("control: request longer than %d bytes", MaxRequestBytes)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

// answer carries out one request.
func (s *Server) answer(ctx context.Context, line []byte) response {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return errorResponse(fmt.Errorf("%w: %v", ErrBadRequest, err))
	}
	start := time.Now()
	result, err := s.dispatchSafely(ctx, &req)
	log := s.log.With("cmd", req.Cmd, "took", time.Since(start).Round(time.Millisecond))
	if req.Campaign != "" {
		log = log.With("campaign", req.Campaign)
	}
	level := slog.LevelInfo // resolve, backup and create change or write things: keep a record
	if req.Cmd == "status" || req.Cmd == "report" || req.Cmd == "verify" {
		level = slog.LevelDebug // monitoring may poll these
	}
	if err != nil {
		log.Log(ctx, level, "control command refused", "err", err)
		return errorResponse(err)
	}
	log.Log(ctx, level, "control command done")
	data, err := json.Marshal(result)
	if err != nil {
		return errorResponse(fmt.Errorf("encode %s result: %w", req.Cmd, err))
	}
	return response{Result: data}
}

// dispatchSafely is dispatch with a panic in the command (a ruleset's
// rendering, say) logged with its stack and answered as an error: one
// command must not stop the daemon behind the socket.
func (s *Server) dispatchSafely(ctx context.Context, req *request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("control command panicked", "cmd", req.Cmd, "campaign", req.Campaign, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			result, err = nil, fmt.Errorf("control: %s failed inside the daemon: %v; its log has the detail", req.Cmd, r)
		}
	}()
	return s.dispatch(ctx, req)
}

// dispatch runs the command a request names.
func (s *Server) dispatch(ctx context.Context, req *request) (any, error) {
	b := s.opts.Backend
	switch req.Cmd {
	case "status":
		st, err := b.Status(ctx)
		if err == nil {
			st.Daemon = &s.hello.Daemon
		}
		return st, err
	case "resolve":
		return b.Resolve(ctx, req.Campaign)
	case "report":
		if req.Report == nil {
			return nil, fmt.Errorf("%w: report needs a campaign and a player", ErrBadRequest)
		}
		return b.Report(ctx, *req.Report)
	case "backup":
		return b.Backup(ctx, req.Path)
	case "create":
		if req.Create == nil {
			return nil, fmt.Errorf("%w: create needs a scenario", ErrBadRequest)
		}
		return b.Create(ctx, *req.Create)
	case "verify":
		if req.Verify == nil {
			return nil, fmt.Errorf("%w: verify needs a campaign", ErrBadRequest)
		}
		return b.Verify(ctx, *req.Verify)
	case "export":
		if req.Export == nil {
			return nil, fmt.Errorf("%w: export needs a campaign and a file", ErrBadRequest)
		}
		return b.Export(ctx, *req.Export)
	case "import":
		return b.Import(ctx, req.Path)
	}
	return nil, fmt.Errorf("%w: unknown command %q", ErrBadRequest, req.Cmd)
}
