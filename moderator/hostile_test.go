package moderator_test

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// corpusDir holds the hostile and broken mail corpus and its manifest.
const corpusDir = "testdata/mail"

// corpusCase is a corpus file's entry in the manifest: what must become of
// the mail.
type corpusCase struct {
	Outcome string   `yaml:"outcome"` // accepted, rejected or silent
	Player  string   `yaml:"player"`  // whose address gets the reply
	Want    []string `yaml:"want"`    // in the reply
	// Leaked names the seat whose token the mail carries from another
	// address: that player and the GM may be told (once a day).
	Leaked string `yaml:"leaked"`
	Raw    bool   `yaml:"raw"` // deliver the bytes as they are
	Why    string `yaml:"why"`
}

// The outcomes a corpus mail may have.
const (
	outcomeAccepted = "accepted"
	outcomeRejected = "rejected"
	outcomeSilent   = "silent"
)

// loadCorpus reads the manifest and checks that it and the directory name
// the same files. It returns the file names in order.
func loadCorpus(t *testing.T) ([]string, map[string]corpusCase) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, "manifest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var cases map[string]corpusCase
	if err := dec.Decode(&cases); err != nil {
		t.Fatalf("read the manifest: %v", err)
	}
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	for _, name := range names {
		if _, ok := cases[name]; !ok {
			t.Errorf("%s has no entry in the manifest", name)
		}
	}
	for name, c := range cases {
		if !slices.Contains(names, name) {
			t.Errorf("the manifest names %s, which does not exist", name)
		}
		switch {
		case c.Why == "":
			t.Errorf("%s: the manifest gives no reason", name)
		case c.Outcome == outcomeSilent && (c.Player != "" || len(c.Want) > 0):
			t.Errorf("%s: a silent case has no player and no reply", name)
		case c.Outcome != outcomeSilent && c.Outcome != outcomeAccepted && c.Outcome != outcomeRejected:
			t.Errorf("%s: unknown outcome %q", name, c.Outcome)
		case c.Outcome != outcomeSilent && c.Player == "":
			t.Errorf("%s: an answered case needs the player who gets the answer", name)
		}
	}
	if len(names) < 40 {
		t.Errorf("the corpus has %d mails, want at least 40", len(names))
	}
	return names, cases
}

// Placeholders in corpus files.
var (
	tokenPlaceholder  = regexp.MustCompile(`\{\{TOKEN:([a-z]+)\}\}`)
	repeatPlaceholder = regexp.MustCompile(`(?s)\{\{REPEAT ([0-9]+)\}\}(.*?)\{\{END\}\}`)
	base64Placeholder = regexp.MustCompile(`(?s)\{\{BASE64\}\}(.*?)\{\{END\}\}`)
	fillerPlaceholder = regexp.MustCompile(`\{\{FILLER ([0-9]+)\}\}`)
)

// fillTokens puts the players' tokens in a corpus file.
func (h *harness) fillTokens(t *testing.T, src []byte) []byte {
	t.Helper()
	return tokenPlaceholder.ReplaceAllFunc(src, func(m []byte) []byte {
		player := campaign.PlayerID(tokenPlaceholder.FindSubmatch(m)[1])
		token, ok := h.tokens[player]
		if !ok {
			t.Fatalf("no token for %s", player)
		}
		return []byte(token)
	})
}

// expand fills the other placeholders of a corpus file whose tokens are
// filled, in this order: repeats, base64 blocks, filler. Unless c.Raw, it
// then ends every line in CRLF, as mail is on the wire.
func expand(raw []byte, c corpusCase) []byte {
	raw = repeatPlaceholder.ReplaceAllFunc(raw, func(m []byte) []byte {
		sub := repeatPlaceholder.FindSubmatch(m)
		n, _ := strconv.Atoi(string(sub[1]))
		return bytes.Repeat(sub[2], n)
	})
	raw = base64Placeholder.ReplaceAllFunc(raw, func(m []byte) []byte {
		return base64Lines(base64Placeholder.FindSubmatch(m)[1])
	})
	raw = fillerPlaceholder.ReplaceAllFunc(raw, func(m []byte) []byte {
		n, _ := strconv.Atoi(string(fillerPlaceholder.FindSubmatch(m)[1]))
		return base64Lines(bytes.Repeat([]byte("# padding\n"), n/10+1)[:n])
	})
	if !c.Raw {
		raw = bytes.ReplaceAll(bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return raw
}

// base64Lines encodes data in base64 lines of 76 characters (RFC 2045
// §6.8).
func base64Lines(data []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(data)
	var b bytes.Buffer
	b.Grow(len(enc) + len(enc)/76 + 1)
	for len(enc) > 0 {
		k := min(76, len(enc))
		b.WriteString(enc[:k])
		b.WriteByte('\n')
		enc = enc[k:]
	}
	return b.Bytes()
}

// corpusState is what a corpus mail may change: the orders on file and the
// mail pbemd queued.
type corpusState struct {
	onFile map[campaign.PlayerID]string // Message-ID of the orders on file for turn 1
	mails  []store.MailInfo             // every mail queued, sent or failed, by sequence
}

var corpusPlayers = []campaign.PlayerID{"vorn", "castellan", "ashari", "tekkar"}

func (h *harness) corpusState() corpusState {
	h.t.Helper()
	s := corpusState{onFile: map[campaign.PlayerID]string{}}
	for _, p := range corpusPlayers {
		if rec := h.onFile(p, 1); rec != nil {
			s.onFile[p] = rec.MessageID
		}
	}
	err := h.db.View(func(tx *store.Tx) error {
		queued, err := tx.Outbox(0)
		if err != nil {
			return err
		}
		for _, m := range queued {
			s.mails = append(s.mails, store.MailInfo{Seq: m.Seq, MessageID: m.MessageID, To: m.To, Campaign: m.Campaign, Purpose: m.Purpose})
		}
		sent, err := tx.Sent()
		for _, r := range sent {
			s.mails = append(s.mails, r.MailInfo)
		}
		if err != nil {
			return err
		}
		failed, err := tx.Failed()
		for _, r := range failed {
			s.mails = append(s.mails, r.MailInfo)
		}
		return err
	})
	if err != nil {
		h.t.Fatal(err)
	}
	slices.SortFunc(s.mails, func(a, b store.MailInfo) int { return cmp.Compare(a.Seq, b.Seq) })
	return s
}

// lastUID returns the highest UID intake has handled in the inbox.
func (h *harness) lastUID() uint32 {
	h.t.Helper()
	var c store.Cursor
	err := h.db.View(func(tx *store.Tx) (err error) { c, err = tx.Cursor("INBOX"); return })
	if err != nil {
		h.t.Fatal(err)
	}
	return c.LastUID
}

// deliverAndWait delivers raw to the moderator's inbox and waits until
// intake has handled it. The outcome, the orders and the answer are
// committed together, so the answer is queued by then.
func (h *harness) deliverAndWait(t *testing.T, raw []byte) {
	t.Helper()
	before := h.lastUID()
	if err := h.world.Deliver(h.ctx, "moderator", password, raw); err != nil {
		t.Fatalf("deliver: %v", err)
	}
	deadline := time.Now().Add(patience)
	for h.lastUID() <= before {
		if time.Now().After(deadline) {
			t.Fatalf("intake did not handle the mail within %v", patience)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// isControl reports a character that has no business in a reply: a C0 or
// C1 control other than tab and the line ends. An echoed NUL could cut the
// reply short, an escape sequence could drive the reader's terminal.
func isControl(r rune) bool {
	return r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r)
}

// goErrorText matches what only a Go error or a crash would put in a
// reply: package-prefixed error strings, stack traces, fmt's bad verbs.
var goErrorText = regexp.MustCompile(`goroutine \d|panic|runtime error|\.go:\d|%!|<nil>|unexpected EOF|` +
	`(^|[\s(:])(store|moderator|eaw|multipart|mime|yaml|bbolt|imap|smtp|quotedprintable): |` +
	`mail: (read|too many)|illegal base64|invalid memory`)

// tokenValues finds every token a mail carries, right or wrong.
var tokenValues = regexp.MustCompile(`(?i)token\s*:\s*([^\s,}\]#]{4,})`)

// TestHostileMailCorpus sends every mail of testdata/mail through the real
// intake (IMAP, the intake loop, Moderator.Handle, the outbox and SMTP) and
// checks the outcome the manifest declares. Whatever the outcome, the
// daemon does not panic, the orders on file change only for an accepted
// mail, a reply goes only to the registered address of the seat the
// manifest names, no reply carries a token, another player's address or Go
// error text, and the store stays consistent.
func TestHostileMailCorpus(t *testing.T) {
	skipUnderRace(t)
	names, cases := loadCorpus(t)
	h := newHarness(t)
	for _, p := range corpusPlayers {
		h.next(string(p)) // welcome
		h.next(string(p)) // first report
	}
	h.allowUnauthenticated(100) // each case is answered; the limit is limits_test.go's
	base, counted := h.corpusState(), 0
	strangers := h.inboxSize("stranger")
	for _, name := range names {
		c := cases[name]
		t.Run(strings.TrimSuffix(name, ".eml"), func(t *testing.T) {
			parent := h.t
			h.t = t // the harness's helpers fail this case, not the whole test
			defer func() { h.t = parent }()
			src, err := os.ReadFile(filepath.Join(corpusDir, name))
			if err != nil {
				t.Fatal(err)
			}
			src = h.fillTokens(t, src)
			raw := expand(src, c)
			before := h.corpusState()
			h.deliverAndWait(t, raw)
			after := h.corpusState()
			counted += len(after.mails) - len(before.mails)
			h.checkFiling(t, raw, c, before, after)
			h.checkAnswer(t, src, c, after.mails[len(before.mails):])
			if camp := h.campaign(); camp.Turn != 1 {
				t.Errorf("campaign at turn %d, want 1", camp.Turn)
			}
		})
	}
	if n := len(h.corpusState().mails) - len(base.mails); n != counted {
		t.Errorf("%d mails were queued during the corpus outside any case", n-counted)
	}
	if n := h.inboxSize("stranger") - strangers; n != 0 {
		t.Errorf("the stranger got %d mails", n)
	}
	if err := h.db.Check(); err != nil {
		t.Errorf("store check: %v", err)
	}
}

// checkFiling checks the orders on file and the recorded outcome.
func (h *harness) checkFiling(t *testing.T, raw []byte, c corpusCase, before, after corpusState) {
	t.Helper()
	head := raw // the Message-ID is all we need: skip a big body
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		head = raw[:i+4]
	}
	in, parseErr := mail.Parse(head, mail.ParseOptions{})
	for _, p := range corpusPlayers {
		was, is := before.onFile[p], after.onFile[p]
		switch {
		case c.Outcome == outcomeAccepted && string(p) == c.Player:
			if parseErr != nil || is != in.MessageID {
				t.Errorf("%s's orders on file are from %q, want this mail's", p, is)
			}
		case was != is:
			t.Errorf("%s's orders on file changed from %q to %q", p, was, is)
		}
	}
	if parseErr != nil {
		return // the record has a synthetic id
	}
	want := map[string]store.Outcome{outcomeAccepted: store.Accepted, outcomeRejected: store.Rejected, outcomeSilent: store.Ignored}[c.Outcome]
	if rec := h.outcome(in.MessageID); rec == nil || rec.Outcome != want {
		var got store.Outcome
		var why string
		if rec != nil {
			got, why = rec.Outcome, rec.Detail
		}
		t.Errorf("record of %s has outcome %q (%s), want %q", in.MessageID, got, why, want)
	} else if tok := h.tokens[campaign.PlayerID(c.Player)]; tok != "" {
		if bytes.Contains(rec.Raw, []byte(tok)) {
			t.Errorf("the stored copy of the mail holds the token in clear")
		}
		if stored, err := mail.Parse(rec.Raw, mail.ParseOptions{}); err == nil && bytes.Contains(stored.Text, []byte(tok)) {
			t.Errorf("the stored copy of the mail holds the token in an encoded part")
		}
	}
}

// checkAnswer checks the mail queued for one corpus mail. It reads every
// one from its recipient's inbox, so that a wrong answer does not spoil the
// cases after it, and checks each for leaks.
func (h *harness) checkAnswer(t *testing.T, src []byte, c corpusCase, queued []store.MailInfo) {
	t.Helper()
	var replies []*received
	var Notices []store.MailInfo
	queued = slices.DeleteFunc(slices.Clone(queued), func(m store.MailInfo) bool {
		if m.Purpose == "token-used" && c.Leaked != "" {
			Notices = append(Notices, m)
			return true
		}
		return false
	})
	h.checkTokenUsed(t, c, Notices)
	for _, m := range queued {
		for _, to := range m.To {
			user, ok := strings.CutSuffix(to, "@example.test")
			if !ok || user == "moderator" {
				t.Errorf("%s queued to %s", m.Purpose, to)
				continue
			}
			reply := h.next(user)
			h.checkNoLeak(t, src, user, reply)
			replies = append(replies, reply)
		}
	}
	if c.Outcome == outcomeSilent {
		for _, m := range queued {
			t.Errorf("a silent mail got an answer: %s to %v", m.Purpose, m.To)
		}
		return
	}
	purpose := map[string]string{outcomeAccepted: "confirmation", outcomeRejected: "rejection"}[c.Outcome]
	addr := c.Player + "@example.test"
	if len(queued) != 1 || !slices.Equal(queued[0].To, []string{addr}) || queued[0].Purpose != purpose {
		t.Errorf("queued %+v, want one %s to %s", queued, purpose, addr)
		for _, r := range replies {
			t.Logf("reply %q:\n%s", r.Subject, r.body())
		}
		return
	}
	reply := replies[0]
	verdict := map[string]string{outcomeAccepted: "accepted", outcomeRejected: "not accepted"}[c.Outcome]
	reply.want(t, append([]string{verdict}, c.Want...)...)
}

// checkTokenUsed checks the notices that a corpus mail carried a seat's
// token from another address: none, where that player heard of it within
// the day, or one to the player and one to the GM, which name the address
// the mail came from and nothing secret.
func (h *harness) checkTokenUsed(t *testing.T, c corpusCase, Notices []store.MailInfo) {
	t.Helper()
	var to []string
	for _, m := range Notices {
		to = append(to, m.To...)
	}
	slices.Sort(to)
	want := []string{"gm@example.test", c.Leaked + "@example.test"}
	slices.Sort(want)
	if len(to) > 0 && !slices.Equal(to, want) {
		t.Errorf("token-used notices to %v; want none, or to %v", to, want)
	}
	for _, addr := range to {
		user, _ := strings.CutSuffix(addr, "@example.test")
		n := h.nextWith(user, "token was used from another address") // the GM's welcome is still unread

		n.wantNot(t, h.tokens[campaign.PlayerID(c.Leaked)])
	}
}

// checkNoLeak checks a reply for tokens (the players' and any the corpus
// file src carries), other players' addresses and Go error text.
func (h *harness) checkNoLeak(t *testing.T, src []byte, recipient string, reply *received) {
	t.Helper()
	var secret []string
	for _, tok := range h.tokens {
		secret = append(secret, tok)
	}
	for _, m := range tokenValues.FindAllSubmatch(src, -1) {
		if v := strings.Trim(string(m[1]), `"'`); v != "****" && !strings.HasPrefix(v, "*") {
			secret = append(secret, v)
		}
	}
	for _, p := range corpusPlayers {
		if string(p) != recipient {
			secret = append(secret, string(p)+"@example.test")
		}
	}
	secret = append(secret, "stranger@example.test")
	reply.wantNot(t, secret...)
	text := reply.Subject + "\n" + reply.body()
	if m := goErrorText.FindString(text); m != "" {
		t.Errorf("reply %q holds Go error text %q:\n%s", reply.Subject, m, reply.body())
	}
	if i := strings.IndexFunc(text, isControl); i >= 0 {
		t.Errorf("reply %q holds the control character %U at byte %d", reply.Subject, []rune(text[i:])[0], i)
	}
	if len(reply.raw) > 64<<10 {
		t.Errorf("reply is %d bytes, want a short answer", len(reply.raw))
	}
}
