package realmail

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"slices"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Message is a mail as a mailbox holds it.
type Message struct {
	UID   uint32
	Flags []string // e.g. `\Seen`
	Raw   []byte
}

// Messages returns every message in a user's mailbox, in UID order, read
// over IMAP as the user without changing any flag. The mailbox name has
// "/" between levels, as pbemd's config does, whatever the delimiter of
// the server ("." for Dovecot's Maildir++): "pbemd/processed".
func (s *System) Messages(ctx context.Context, user, mailbox string) ([]Message, error) {
	var out []Message
	err := s.withClient(ctx, user, func(c *imapclient.Client) error {
		name, err := serverName(c, mailbox)
		if err != nil {
			return err
		}
		data, err := c.Select(name, &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			return fmt.Errorf("realmail: examine %s of %s: %w", name, user, err)
		}
		if data.NumMessages == 0 {
			return nil
		}
		body := &imap.FetchItemBodySection{Peek: true}
		var all imap.SeqSet
		all.AddRange(1, 0)
		bufs, err := c.Fetch(all, &imap.FetchOptions{UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
		if err != nil {
			return fmt.Errorf("realmail: fetch %s of %s: %w", name, user, err)
		}
		for _, b := range bufs {
			m := Message{UID: uint32(b.UID), Raw: b.FindBodySection(body)}
			for _, f := range b.Flags {
				m.Flags = append(m.Flags, string(f))
			}
			out = append(out, m)
		}
		return nil
	})
	slices.SortFunc(out, func(a, b Message) int { return cmp.Compare(a.UID, b.UID) })
	return out, err
}

// serverName turns "/" in a mailbox name into the server's hierarchy
// delimiter (RFC 9051 §6.3.9: LIST "" "" returns it).
func serverName(c *imapclient.Client, mailbox string) (string, error) {
	root, err := c.List("", "", nil).Collect()
	if err != nil {
		return "", fmt.Errorf("realmail: list hierarchy delimiter: %w", err)
	}
	if len(root) > 0 && root[0].Delim != 0 && root[0].Delim != '/' {
		return strings.ReplaceAll(mailbox, "/", string(root[0].Delim)), nil
	}
	return mailbox, nil
}

// withClient logs in over IMAP as user with the password AddUser gave,
// runs f, and logs out. The connection is closed early if ctx ends.
func (s *System) withClient(ctx context.Context, user string, f func(*imapclient.Client) error) error {
	password := s.password(user)
	if password == "" {
		return fmt.Errorf("realmail: no user %s: add it with AddUser", user)
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.IMAPAddr())
	if err != nil {
		return fmt.Errorf("realmail: dial imap: %w", err)
	}
	c := imapclient.New(conn, nil)
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	err = c.Login(user, password).Wait()
	if err != nil {
		err = fmt.Errorf("realmail: login %s: %w", user, err)
	} else if err = f(c); err == nil {
		if err = c.Logout().Wait(); err != nil {
			err = fmt.Errorf("realmail: logout %s: %w", user, err)
		}
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("realmail: %w", ctx.Err())
	}
	return err
}
