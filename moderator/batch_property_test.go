package moderator_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// TestHandleBatchIsHandlingOneByOne: random mixes of mail for one to
// three campaigns of both rulesets (orders from owners, proxies and
// other players, requests, the GM's commands, replies to an extension
// request, ballots, strangers, mails seen twice), handled as one batch,
// leave exactly the data file, answers included, that handling the same
// mails one by one, in the same order, leaves.
func TestHandleBatchIsHandlingOneByOne(t *testing.T) {
	t.Parallel()
	w := newBatchWorld(t)
	seeds := uint64(32)
	if raceDetector {
		seeds = 8 // the race pass looks at the goroutines, not at more mixes
	}
	for seed := range seeds {
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(seed, 0x6261746368))
			mails := w.randomMails(r)
			batch, single := w.open(t), w.open(t)
			n, err := batch.HandleBatch(t.Context(), mails)
			if err != nil || n != len(mails) {
				t.Fatalf("HandleBatch(%d mails) = %d, %v", len(mails), n, err)
			}
			for _, f := range mails {
				if n, err := single.HandleBatch(t.Context(), []mail.Fetched{f}); err != nil || n != 1 {
					t.Fatalf("HandleBatch(mail %d) = %d, %v", f.UID, n, err)
				}
			}
			got, want := dumpStore(t, batch.db), dumpStore(t, single.db)
			if i := firstDifference(got, want); i >= 0 {
				t.Errorf("after %d mails (%s), the batch left\n  %s\nwhere one by one left\n  %s",
					len(mails), w.describe(mails), at(got, want, i), at(want, got, i))
			}
		})
	}
}

// batchWorld is a data file with three campaigns set up by mail, two of
// Empires at War and one of Thunderdome IV, and what mail to them needs:
// tokens, a proxy, an extension waiting for the GM's reply, an open vote.
type batchWorld struct {
	path  string // the data file after the set-up
	clock *clocktest.Clock
	camps []*batchCampaign
	uid   uint32 // the last UID the set-up used
}

// batchCampaign is one campaign of a batchWorld.
type batchCampaign struct {
	id      campaign.ID
	td      bool
	gmToken string
	tokens  map[campaign.PlayerID]string
	players []campaign.PlayerID
	// due is a player who owes orders, proxied by proxy@example.test, and
	// move an order of theirs that fits.
	due  campaign.PlayerID
	move string
	// reply is the address the GM answers an extension request at (EaW),
	// poll the vote open (TD IV).
	reply, poll string
}

// batchDaemon is a daemon, with no loops, on its own copy of the data
// file.
type batchDaemon struct {
	*moderator.Moderator
	db *storetest.DB
}

func newBatchWorld(t *testing.T) *batchWorld {
	t.Helper()
	w := &batchWorld{clock: clocktest.New(start), path: filepath.Join(t.TempDir(), "setup.db")}
	db, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mod := w.daemon(db)
	eaw := []string{"campaign: frontier", "campaign: border"}
	for _, sc := range []struct {
		id   campaign.ID
		src  []byte
		swap []string
	}{
		{"frontier", scenarios.Frontier, nil},
		{"border", scenarios.Frontier, eaw},
		{"thunderdome", scenarios.Thunderdome, nil},
	} {
		src := strings.NewReplacer(sc.swap...).Replace(string(sc.src))
		if sc.swap == nil {
			src = string(sc.src)
		}
		parsed, err := config.ParseScenario(string(sc.id)+".yaml", []byte(src), rules.Registry())
		if err != nil {
			t.Fatal(err)
		}
		seats, err := mod.CreateCampaign(t.Context(), parsed)
		if err != nil {
			t.Fatalf("CreateCampaign(%s) = %v", sc.id, err)
		}
		c := &batchCampaign{id: sc.id, td: sc.id == "thunderdome", tokens: map[campaign.PlayerID]string{}}
		for _, s := range seats {
			c.tokens[s.Player] = s.Token
			c.players = append(c.players, s.Player)
		}
		w.camps = append(w.camps, c)
	}
	for _, c := range w.camps {
		w.setUp(t, mod, db, c)
	}
	if err := errors.Join(db.Check(), db.Close()); err != nil {
		t.Fatalf("set-up data file: %v", err)
	}
	return w
}

// setUp finds a campaign's GM token and who is due, names a proxy for
// them, and opens an extension request (EaW) or a vote (TD IV).
func (w *batchWorld) setUp(t *testing.T, mod *moderator.Moderator, db *store.DB, c *batchCampaign) {
	t.Helper()
	tag := fmt.Sprintf("[%s]", c.id)
	c.gmToken = outboxMatch(t, db, "gm@example.test", tag, `token: ([A-Z2-7-]{20,})`)
	var rec *store.Campaign
	var st *campaign.State
	err := db.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Campaign(c.id); err != nil {
			return err
		}
		turn, err := tx.Turn(c.id, rec.Turn)
		st = turn.State
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	c.due = rec.DueSeats()[0].Player
	if c.td {
		var home campaign.SystemID
		for _, f := range st.Fleets {
			if f.Owner == c.due {
				home = f.At
			}
		}
		c.move = fmt.Sprintf("move: {fleet: f1, to: %s}", campaign.NewGraph(st.Map).Neighbours(home)[0])
	} else {
		c.due, c.move = "vorn", "move: {fleet: 2nd, path: [mistral]}"
	}
	w.handle(t, mod, MailText(fmt.Sprintf("%s@example.test", c.due), fmt.Sprintf("setup%d", w.uid+1),
		c.request(c.due, "command: proxy add proxy@example.test")))
	asker := c.players[len(c.players)-1]
	if c.td {
		w.handle(t, mod, MailText(string(asker)+"@example.test", fmt.Sprintf("setup%d", w.uid+1), c.request(asker, "command: propose rule No battles in nebulae.")))
		c.poll = outboxMatch(t, db, string(asker)+"@example.test", tag, `put to the vote as (rule-[0-9]+)`)
		return
	}
	w.handle(t, mod, MailText(string(asker)+"@example.test", fmt.Sprintf("setup%d", w.uid+1), c.request(asker, `extension: {hours: 48, reason: "moving house"}`)))
	c.reply = outboxMatch(t, db, "gm@example.test", tag, `(?m)^Reply-To: [^<]*<([^>]+)>`)
}

// handle hands one set-up mail to the daemon.
func (w *batchWorld) handle(t *testing.T, mod *moderator.Moderator, raw string) {
	t.Helper()
	w.uid++
	if err := mod.Handle(t.Context(), w.fetched(w.uid, raw)); err != nil {
		t.Fatalf("Handle(set-up mail %d) = %v", w.uid, err)
	}
}

func (w *batchWorld) fetched(uid uint32, raw string) mail.Fetched {
	raw = strings.ReplaceAll(strings.ReplaceAll(raw, "\r\n", "\n"), "\n", "\r\n")
	return mail.Fetched{UIDValidity: 1, UID: uid, Raw: []byte(raw), Size: int64(len(raw)), Arrived: w.clock.Now()}
}

// daemon is a daemon on db, without loops, drawing the same reply tokens
// as every other.
func (w *batchWorld) daemon(db *store.DB) *moderator.Moderator {
	return moderator.New(moderator.Options{DB: db, Rulesets: rules.Registry(), Address: "moderator@example.test",
		Clock: w.clock, Rand: rand.NewChaCha8([32]byte{'b', 'a', 't', 'c', 'h'})})
}

// open opens a copy of the set-up data file, with a daemon of its own.
func (w *batchWorld) open(t *testing.T) *batchDaemon {
	db := storetest.OpenCopy(t, w.path)
	return &batchDaemon{Moderator: w.daemon(db.DB), db: db}
}

// request is a player's request for a campaign, with their token.
func (c *batchCampaign) request(p campaign.PlayerID, lines ...string) string {
	return fmt.Sprintf("campaign: %s\nplayer: %s\ntoken: %s\n%s\n", c.id, p, c.tokens[p], strings.Join(lines, "\n"))
}

// orders are a player's orders for turn 1 of a campaign.
func (c *batchCampaign) orders(p campaign.PlayerID, final bool, items ...string) string {
	s := fmt.Sprintf("campaign: %s\nplayer: %s\nturn: 1\ntoken: %s\nfinal: %t\norders:\n", c.id, p, c.tokens[p], final)
	if len(items) == 0 {
		return s + "  []\n"
	}
	for _, it := range items {
		s += "  - " + it + "\n"
	}
	return s
}

// gm is a GM command for a campaign, with the GM token.
func (c *batchCampaign) gm(command string) string {
	return fmt.Sprintf("campaign: %s\ntoken: %s\ncommand: %s\n", c.id, c.gmToken, command)
}

// batchMail is one kind of mail a random mix holds: who sends it, and
// what, to which address.
type batchMail struct {
	kind     string
	from, to string
	body     string
}

// kinds lists the mails a campaign may get in a mix.
func (c *batchCampaign) kinds(r *rand.Rand) []batchMail {
	other := c.players[1+r.IntN(len(c.players)-1)]
	if other == c.due {
		other = c.players[0]
	}
	final := r.IntN(2) == 0
	ms := []batchMail{
		{kind: "owner's orders", from: string(c.due), body: c.orders(c.due, final, c.move)},
		{kind: "owner's final", from: string(c.due), body: c.orders(c.due, true)},
		{kind: "proxy's orders", from: "proxy", body: c.orders(c.due, final, c.move)},
		{kind: "proxy's final", from: "proxy", body: c.orders(c.due, true)},
		{kind: "other player's orders", from: string(other), body: c.orders(other, final)},
		{kind: "orders with a wrong token", from: string(other), body: strings.Replace(c.orders(other, true), c.tokens[other], c.tokens[c.due], 1)},
		{kind: "owner's status", from: string(c.due), body: c.request(c.due, "command: status")},
		{kind: "other's status", from: string(other), body: c.request(other, "command: status")},
		{kind: "GM status", from: "gm", body: c.gm("status")},
		{kind: "GM pause", from: "gm", body: c.gm("pause")},
		{kind: "GM resume", from: "gm", body: c.gm("resume")},
		{kind: "stranger's pause", from: "stranger", body: c.gm("pause")},
		{kind: "unreadable", from: string(other), body: "campaign: [\n"},
	}
	if c.td {
		vote := []string{"yes", "no"}[r.IntN(2)]
		ms = append(ms,
			batchMail{kind: "ballot", from: string(other), body: c.request(other, "command: vote "+c.poll+" "+vote)},
			batchMail{kind: "owner's ballot", from: string(c.due), body: c.request(c.due, "command: vote "+c.poll+" "+vote)},
		)
	} else {
		answer := []string{"approve 24h", "approve", "deny\n\nNot this time."}[r.IntN(3)]
		ms = append(ms,
			batchMail{kind: "GM's reply", from: "gm", to: c.reply, body: answer},
			batchMail{kind: "owner's extension", from: string(c.due), body: c.request(c.due, "extension: {hours: 24}")},
			batchMail{kind: "GM process", from: "gm", body: c.gm("process")},
		)
	}
	return ms
}

// randomMails writes a mix of 2 to 16 mails for one to three of the
// campaigns, with now and then a mail seen twice.
func (w *batchWorld) randomMails(r *rand.Rand) []mail.Fetched {
	camps := slices.Clone(w.camps)
	r.Shuffle(len(camps), func(i, j int) { camps[i], camps[j] = camps[j], camps[i] })
	camps = camps[:1+r.IntN(len(camps))]
	n := 2 + r.IntN(15)
	var out []mail.Fetched
	for i := range n {
		uid := w.uid + uint32(i) + 1
		if i > 0 && r.IntN(8) == 0 {
			seen := out[r.IntN(len(out))]
			out = append(out, w.fetched(uid, string(seen.Raw)))
			continue
		}
		c := camps[r.IntN(len(camps))]
		kinds := c.kinds(r)
		k := kinds[r.IntN(len(kinds))]
		id := fmt.Sprintf("b%d.%s.%s", uid, strings.ReplaceAll(k.kind, " ", "-"), c.id)
		raw := MailText(k.from+"@example.test", id, k.body)
		if k.to != "" {
			raw = strings.Replace(raw, "To: moderator@example.test", "To: "+k.to, 1)
		}
		out = append(out, w.fetched(uid, raw))
	}
	return out
}

// describe lists the mails of a mix by their Message-IDs, which name
// their kinds.
func (w *batchWorld) describe(ms []mail.Fetched) string {
	ids := make([]string, len(ms))
	for i, f := range ms {
		m := regexp.MustCompile(`Message-ID: <([^@>]+)`).FindSubmatch(f.Raw)
		ids[i] = string(m[1])
	}
	return strings.Join(ids, ", ")
}

// MailText writes a plain-text mail to the moderator.
func MailText(from, id, body string) string {
	return fmt.Sprintf("From: %s\nTo: moderator@example.test\nSubject: orders\nDate: %s\nMessage-ID: <%s@example.test>\nContent-Type: text/plain; charset=utf-8\n\n%s",
		from, start.Format(time.RFC1123Z), id, body)
}

// outboxMatch finds, in the text of the last mail waiting in the outbox
// to an address with a subject holding tag, what pattern's first group
// matches.
func outboxMatch(t *testing.T, db *store.DB, to, tag, pattern string) string {
	t.Helper()
	var queued []*store.Mail
	if err := db.View(func(tx *store.Tx) (err error) { queued, err = tx.Outbox(0); return err }); err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(pattern)
	for _, m := range slices.Backward(queued) {
		in, err := mail.Parse(m.Raw, mail.ParseOptions{MaxTextBytes: 1 << 20})
		if err != nil || !slices.Contains(m.To, to) || !strings.Contains(in.Subject, tag) {
			continue
		}
		if sub := re.FindStringSubmatch(string(m.Raw) + "\n" + string(in.Text)); sub != nil {
			return sub[1]
		}
	}
	t.Fatalf("no mail to %s about %s in the outbox matches %s", to, tag, pattern)
	return ""
}

// dumpStore lists every key and value of a data file, and every bucket's
// sequence, in order.
func dumpStore(t *testing.T, db *storetest.DB) []string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := db.Backup(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dump.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer bdb.Close()
	var lines []string
	var walk func(path string, b *bolt.Bucket) error
	walk = func(path string, b *bolt.Bucket) error {
		lines = append(lines, fmt.Sprintf("%s sequence %d", path, b.Sequence()))
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				return walk(fmt.Sprintf("%s/%q", path, k), b.Bucket(k))
			}
			lines = append(lines, fmt.Sprintf("%s/%q = %q", path, k, v))
			return nil
		})
	}
	err = bdb.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(fmt.Sprintf("%q", name), b) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// firstDifference returns the index of the first line where two dumps
// differ, or -1.
func firstDifference(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// at is line i of a dump, from a little before where it differs from
// the other dump's, or "(nothing)".
func at(lines, other []string, i int) string {
	if i >= len(lines) {
		return "(nothing)"
	}
	l, from := lines[i], 0
	if i < len(other) {
		for from < min(len(l), len(other[i])) && l[from] == other[i][from] {
			from++
		}
	}
	from = max(0, from-200)
	return fmt.Sprintf("[%d:] %.400s", from, l[from:])
}
