package localmail

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"slices"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

// imapSession is an imapmemserver session whose login accepts "alice" and
// "alice@Domain" and checks the World's password.
type imapSession struct {
	*imapmemserver.UserSession // nil until login
	w                          *World
}

var _ imapserver.SessionIMAP4rev2 = (*imapSession)(nil)

// Login authenticates a user of the World.
func (s *imapSession) Login(username, password string) error {
	acc, ok := s.w.login(username, password)
	if !ok {
		return imapserver.ErrAuthFailed
	}
	s.UserSession = imapmemserver.NewUserSession(acc.mem)
	return nil
}

// Idle first reports what changed since the last command, as Dovecot does:
// imapmemserver would hold back mail appended just before IDLE until the
// next change.
func (s *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := s.UserSession.Poll(w, true); err != nil {
		return err
	}
	return s.UserSession.Idle(w, stop)
}

// Stored is a message as a mailbox holds it.
type Stored struct {
	UID   uint32
	Flags []string // e.g. `\Seen`
	Raw   []byte
}

// Deliver appends raw to the user's INBOX over IMAP, dated by the World's
// clock, as a mail client or an MDA would.
func (w *World) Deliver(ctx context.Context, user, password string, raw []byte) error {
	return w.withClient(ctx, user, password, func(c *imapclient.Client) error {
		cmd := c.Append("INBOX", int64(len(raw)), &imap.AppendOptions{Time: w.now()})
		if _, err := cmd.Write(raw); err != nil {
			cmd.Close()
			return fmt.Errorf("localmail: append to INBOX of %s: %w", user, err)
		}
		if err := cmd.Close(); err != nil {
			return fmt.Errorf("localmail: append to INBOX of %s: %w", user, err)
		}
		if _, err := cmd.Wait(); err != nil {
			return fmt.Errorf("localmail: append to INBOX of %s: %w", user, err)
		}
		return nil
	})
}

// Mailbox returns the raw bytes of every message in a mailbox, in UID order.
func (w *World) Mailbox(ctx context.Context, user, password, mailbox string) ([][]byte, error) {
	msgs, err := w.Messages(ctx, user, password, mailbox)
	if err != nil {
		return nil, err
	}
	raws := make([][]byte, len(msgs))
	for i, m := range msgs {
		raws[i] = m.Raw
	}
	return raws, nil
}

// Messages returns every message in a mailbox with its UID and flags, in
// UID order, read over IMAP without changing any flag.
func (w *World) Messages(ctx context.Context, user, password, mailbox string) ([]Stored, error) {
	var out []Stored
	err := w.withClient(ctx, user, password, func(c *imapclient.Client) error {
		var err error
		out, err = ReadMailbox(c, mailbox)
		return err
	})
	return out, err
}

// ReadMailbox returns every message in a mailbox of a logged-in client, in
// UID order, without changing any flag. Test suites against other IMAP
// servers use it too.
func ReadMailbox(c *imapclient.Client, mailbox string) ([]Stored, error) {
	data, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("localmail: examine %s: %w", mailbox, err)
	}
	if data.NumMessages == 0 {
		return nil, nil
	}
	body := &imap.FetchItemBodySection{Peek: true}
	var all imap.SeqSet
	all.AddRange(1, 0)
	bufs, err := c.Fetch(all, &imap.FetchOptions{UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("localmail: fetch %s: %w", mailbox, err)
	}
	out := make([]Stored, 0, len(bufs))
	for _, b := range bufs {
		s := Stored{UID: uint32(b.UID), Raw: b.FindBodySection(body)}
		for _, f := range b.Flags {
			s.Flags = append(s.Flags, string(f))
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Stored) int { return cmp.Compare(a.UID, b.UID) })
	return out, nil
}

// withClient logs in over IMAP, runs f, and logs out. The connection is
// closed early if ctx ends.
func (w *World) withClient(ctx context.Context, user, password string, f func(*imapclient.Client) error) error {
	return WithIMAP(ctx, w.IMAPAddr, user, password, f)
}

// WithIMAP connects to an IMAP server without TLS, logs in, runs f, and
// logs out. The connection is closed early if ctx ends. Test suites
// against other IMAP servers use it too.
func WithIMAP(ctx context.Context, addr, user, password string, f func(*imapclient.Client) error) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("imap: dial %s: %w", addr, err)
	}
	c := imapclient.New(conn, nil)
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	err = c.Login(user, password).Wait()
	if err != nil {
		err = fmt.Errorf("imap: login %s: %w", user, err)
	} else if err = f(c); err == nil {
		if err = c.Logout().Wait(); err != nil {
			err = fmt.Errorf("imap: logout %s: %w", user, err)
		}
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("imap: %w", ctx.Err())
	}
	return err
}
