package localmail

import (
	"context"
	"fmt"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
)

// changed returns a channel closed at the next change to any mailbox of
// the World: a delivery by SMTP, or an APPEND, COPY or MOVE over IMAP.
func (w *World) changed() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.change == nil {
		w.change = make(chan struct{})
	}
	return w.change
}

// touch wakes everyone waiting in changed.
func (w *World) touch() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.change != nil {
		close(w.change)
		w.change = nil
	}
}

// Count returns how many messages a mailbox holds, asked over IMAP with
// STATUS.
func (w *World) Count(ctx context.Context, user, password, mailbox string) (int, error) {
	var n int
	err := w.withClient(ctx, user, password, func(c *imapclient.Client) error {
		data, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			return fmt.Errorf("localmail: status %s: %w", mailbox, err)
		}
		n = int(*data.NumMessages)
		return nil
	})
	return n, err
}

// Await waits until a mailbox holds more than n messages and returns the
// one at index n, counting from 0 in UID order, read over IMAP without
// changing any flag. It wakes at every change to a mailbox of the World,
// never on a timer, and gives up when ctx ends. It needs the World that
// New started in this process: one that only names a remote IMAPAddr is
// never woken.
func (w *World) Await(ctx context.Context, user, password, mailbox string, n int) ([]byte, error) {
	for {
		changed := w.changed() // before looking, so no change slips between
		var raw []byte
		err := w.withClient(ctx, user, password, func(c *imapclient.Client) error {
			var err error
			raw, err = readNth(c, mailbox, n)
			return err
		})
		if err != nil || raw != nil {
			return raw, err
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return nil, fmt.Errorf("localmail: no message %d in %s of %s: %w", n+1, mailbox, user, context.Cause(ctx))
		}
	}
}

// readNth returns the message at index n of a mailbox, or nil if the
// mailbox holds no more than n messages.
func readNth(c *imapclient.Client, mailbox string, n int) ([]byte, error) {
	data, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("localmail: examine %s: %w", mailbox, err)
	}
	if int(data.NumMessages) <= n {
		return nil, nil
	}
	body := &imap.FetchItemBodySection{Peek: true}
	bufs, err := c.Fetch(imap.SeqSetNum(uint32(n+1)), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("localmail: fetch %s: %w", mailbox, err)
	}
	if len(bufs) != 1 {
		return nil, fmt.Errorf("localmail: fetch %s: %d messages for one", mailbox, len(bufs))
	}
	return bufs[0].FindBodySection(body), nil
}

// Append stores a message and wakes Await.
func (s *imapSession) Append(mailbox string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	data, err := s.UserSession.Append(mailbox, r, options)
	s.w.touch()
	return data, err
}

// Copy copies messages and wakes Await.
func (s *imapSession) Copy(numSet imap.NumSet, dest string) (*imap.CopyData, error) {
	data, err := s.UserSession.Copy(numSet, dest)
	s.w.touch()
	return data, err
}

// Move moves messages and wakes Await.
func (s *imapSession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	err := s.UserSession.Move(w, numSet, dest)
	s.w.touch()
	return err
}
