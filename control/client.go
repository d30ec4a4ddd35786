package control

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"sync"
	"syscall"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/store"
)

// greetingTimeout bounds the wait for a daemon's greeting.
const greetingTimeout = 5 * time.Second

// Client talks to a running daemon through its control socket. Its
// methods may be called from several goroutines; they take turns.
type Client struct {
	conn   net.Conn
	r      *bufio.Reader
	daemon Daemon

	mu sync.Mutex
}

var _ Backend = (*Client)(nil)

// Dial connects to the daemon running on the data file at data. It returns
// an error wrapping ErrNoDaemon if none answers: no socket, or one left by a
// dead daemon. Any other error (no permission, say) means there may be a
// daemon that cannot be reached.
func Dial(ctx context.Context, data string) (*Client, error) {
	path := SocketPath(data)
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ECONNREFUSED) {
		return nil, fmt.Errorf("%w %s", ErrNoDaemon, path)
	}
	if errors.Is(err, fs.ErrPermission) {
		return nil, fmt.Errorf("control: connect to %s: %w; run pbemd as the daemon's user", path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("control: connect to %s: %w", path, err)
	}
	c, err := NewClient(ctx, conn)
	if err != nil {
		return nil, fmt.Errorf("control: connect to %s: %w", path, err)
	}
	return c, nil
}

// NewClient reads the daemon's greeting from conn, checks its version and
// returns a Client on conn. It closes conn if that fails.
func NewClient(ctx context.Context, conn net.Conn) (*Client, error) {
	c := &Client{conn: conn, r: bufio.NewReader(conn)}
	deadline := time.Now().Add(greetingTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	conn.SetReadDeadline(deadline)
	var g greeting
	err := c.readJSON(&g)
	conn.SetReadDeadline(time.Time{})
	if err == nil && g.Version != Version {
		err = fmt.Errorf("%w: it speaks %d, this pbemd %d; restart the daemon with this binary", ErrVersion, g.Version, Version)
	}
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("read greeting: %w", err)
	}
	c.daemon = g.Daemon
	return c, nil
}

// Daemon returns the daemon the client talks to, as it greeted.
func (c *Client) Daemon() Daemon { return c.daemon }

// Close hangs up.
func (c *Client) Close() error { return c.conn.Close() }

// Status asks the daemon where every campaign and the outbox stand.
func (c *Client) Status(ctx context.Context) (*Status, error) {
	var st Status
	return &st, c.call(ctx, request{Cmd: "status"}, &st)
}

// Resolve asks the daemon to resolve a campaign's open turn now. The
// daemon sends the reports at once.
func (c *Client) Resolve(ctx context.Context, id campaign.ID) (*Resolved, error) {
	var res Resolved
	return &res, c.call(ctx, request{Cmd: "resolve", Campaign: id}, &res)
}

// Report asks the daemon for a player's report as they received it.
func (c *Client) Report(ctx context.Context, req ReportRequest) ([]byte, error) {
	var out []byte
	return out, c.call(ctx, request{Cmd: "report", Campaign: req.Campaign, Report: &req}, &out)
}

// Backup asks the daemon to write a consistent copy of its data file to
// path, which must be absolute; the daemon's user writes it.
func (c *Client) Backup(ctx context.Context, path string) (int64, error) {
	var n int64
	return n, c.call(ctx, request{Cmd: "backup", Path: path}, &n)
}

// Create asks the daemon to create a campaign from a scenario; the daemon
// sends the welcomes at once. A scenario with problems returns them as
// orders.Problems, as on an Admin.
func (c *Client) Create(ctx context.Context, req CreateRequest) (*Created, error) {
	var res Created
	return &res, c.call(ctx, request{Cmd: "create", Create: &req}, &res)
}

// Verify asks the daemon to resolve a campaign's stored turns again and
// compare the outcome with what was stored.
func (c *Client) Verify(ctx context.Context, req VerifyRequest) (*replay.Verification, error) {
	var v replay.Verification
	return &v, c.call(ctx, request{Cmd: "verify", Campaign: req.Campaign, Verify: &req}, &v)
}

// call writes a request and decodes the response's result into result. The
// connection is closed if ctx ends first.
func (c *Client) call(ctx context.Context, req request, result any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { c.conn.Close() })
	defer stop()
	line, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("control: encode %s: %w", req.Cmd, err)
	}
	if _, err := c.conn.Write(append(line, '\n')); err != nil {
		return c.failed(ctx, req.Cmd, err)
	}
	var resp response
	if err := c.readJSON(&resp); err != nil {
		return c.failed(ctx, req.Cmd, err)
	}
	if len(resp.Problems) > 0 {
		return resp.Problems
	}
	if resp.Error != "" {
		return &RemoteError{Code: resp.Code, Msg: resp.Error}
	}
	if err := json.Unmarshal(resp.Result, result); err != nil {
		return fmt.Errorf("control: decode %s result: %w", req.Cmd, err)
	}
	return nil
}

func (c *Client) failed(ctx context.Context, cmd string, err error) error {
	if ctx.Err() != nil {
		err = ctx.Err()
	}
	return fmt.Errorf("control: %s: %w", cmd, err)
}

// readJSON reads one line and decodes it into v.
func (c *Client) readJSON(v any) error {
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		return err
	}
	return json.Unmarshal(line, v)
}

// Export asks the daemon to write a campaign and everything of it to a
// new file, which must be absolute, and with Remove to stop running it.
func (c *Client) Export(ctx context.Context, req ExportRequest) (*store.Moved, error) {
	var m store.Moved
	return &m, c.call(ctx, request{Cmd: "export", Campaign: req.Campaign, Export: &req}, &m)
}

// Import asks the daemon to add the campaign of an export, at an absolute
// path, and run it.
func (c *Client) Import(ctx context.Context, path string) (*Imported, error) {
	var m Imported
	return &m, c.call(ctx, request{Cmd: "import", Path: path}, &m)
}
