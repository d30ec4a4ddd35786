package workflow

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Resolution is a resolved turn ready to commit: the next turn's record,
// the campaign's record after it, and every mail it sends.
type Resolution struct {
	Campaign *store.Campaign
	Turn     int
	Next     *store.TurnRecord
	// Reports are the players' Reports; notices tell dropped players and
	// the GM of a drop.
	Reports, Notices []Outgoing
	// held are the reports kept for players' digests instead, and
	// heldMails the same as mails, for a preview.
	held      []*store.HeldReport
	heldMails []Outgoing
	// Mails are reports and notices composed, once compose has run.
	Mails  []*store.Mail
	Events int
	// battles are the cases of the battles found, when the sides fight
	// them outside pbemd.
	battles []*store.BattleCase
	// Started is when resolving began.
	Started time.Time
	// audit is what the resolution writes to the campaign's log besides:
	// the polls that lapsed with the turn.
	audit []store.AuditEntry
}

// Compose composes the resolution's mails, outside any transaction.
func (r *Resolution) Compose() error {
	var err error
	r.Mails, err = Compose(append(slices.Clone(r.Notices), r.Reports...))
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", r.Campaign.ID, r.Turn, err)
	}
	return nil
}

// PrepareResolution resolves the open turn of o with the orders on file
// and renders every mail, without writing anything. Players without
// orders forfeit the turn; one who reaches the campaign's forfeit limit is
// dropped. The caller holds turnMu.
//
// The turn goes through its steps in order, each adding to the
// resolution: the notices go out in the order the steps write them.
func (m *Moderation) PrepareResolution(o *OpenTurn) (*Resolution, error) {
	t := &resolving{m: m, Resolution: &Resolution{Started: m.clock.Now()}}
	if err := t.load(o); err != nil { // the campaign and turn every step's error names
		return nil, err
	}
	err := t.run(
		always(t.tellDropped),    // the seats dropped for forfeits, before the turn
		always(t.play),           // the ruleset resolves the turn
		always(t.tellEliminated), // the players the turn put out
		t.openNext,               // the next turn's deadlines; the end of the campaign
		t.digestState,            // the state as the ruleset made it (pbemd verify)
		t.openBattles,            // the battles fought outside pbemd, with their clocks
		t.lapsePolls,             // the votes on extending the turn just resolved
		t.startPolls,             // the clocks of the polls the ruleset opened
		t.writeReports,           // every player's report, or their digest's
		t.encodeEvents,           // the turn's events, for its record
	)
	if err != nil {
		return nil, err
	}
	return t.resolved(), nil
}

// resolving is a turn on its way through prepareResolution's steps: what
// they read, and what each adds to the resolution being built.
type resolving struct {
	*Resolution
	m *Moderation
	// in is the turn to play, pending the battles open before it, and
	// rs the campaign's ruleset.
	in      *Play
	pending []*store.BattleCase
	rs      game.Ruleset
	// res is the ruleset's outcome, and now when it came.
	res *game.Result
	now time.Time
	// eliminated are the players the turn put out, and over is set when
	// it ended the campaign.
	eliminated map[campaign.PlayerID]bool
	over       bool
	// digest, changed and eventLog go into the next turn's record.
	digest   string
	changed  []string
	eventLog []byte
}

// load reads the open turn of o to play, in place of its state the one o
// brings if any, and the battles open before it, and finds the ruleset.
func (t *resolving) load(o *OpenTurn) error {
	err := t.m.db.View(func(tx *store.Tx) error {
		rec, err := tx.Turn(o.Campaign.ID, o.Campaign.Turn)
		if err != nil {
			return err
		}
		if t.pending, err = tx.Battles(o.Campaign.ID); err != nil {
			return err
		}
		if o.state != nil {
			changed := *rec
			changed.State = o.state
			rec = &changed
		}
		t.in, err = LoadPlay(tx, t.m.cite(o.Campaign, game.TopicForfeitDrop), o.Campaign, rec, o.filed)
		return err
	})
	if err != nil {
		return err
	}
	t.Campaign, t.Turn = t.in.c, t.in.c.Turn
	t.rs, err = t.m.Ruleset(t.Campaign)
	return err
}

// run runs steps in order, and stops at the first that fails.
func (t *resolving) run(steps ...func() error) error {
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("resolve %s turn %d: %w", t.Campaign.ID, t.Turn, err)
		}
	}
	return nil
}

// always makes a step that cannot fail one of run's steps.
func always(step func()) func() error {
	return func() error { step(); return nil }
}

// tellDropped tells each player dropped for forfeits, and the GM.
func (t *resolving) tellDropped() {
	for _, s := range t.in.dropped {
		t.Notices = append(t.Notices, t.m.droppedMails(t.Campaign, s, s.Out, fmt.Sprintf("drop.%s.t%d", t.Campaign.ID, t.Turn))...)
	}
}

// play has the ruleset resolve the turn.
func (t *resolving) play() { t.res = t.rs.Resolve(t.in.Turn) }

// tellEliminated marks the seats of the players the turn eliminated, who
// get its report, their last, and tells the GM.
func (t *resolving) tellEliminated() {
	c := t.Campaign
	t.eliminated = map[campaign.PlayerID]bool{}
	for _, p := range t.res.Next.Players {
		if s := c.Seat(p.ID); s != nil && s.Active() && !p.Active() {
			s.Leave(p.Out, t.res.Next.Turn) // this turn's report is their last
			t.eliminated[p.ID] = true
			t.Notices = append(t.Notices, t.m.ToGM(c, fmt.Sprintf("elim.%s.t%d.%s", c.ID, t.Turn, s.Player), "eliminated",
				report.Eliminated{Player: s.Player, Title: c.Title, Why: p.Out}))
		}
	}
}

// openNext opens the next turn on the campaign, with the deadlines the
// ruleset sets, or ends the campaign, and tells the GM.
func (t *resolving) openNext() error {
	c, next := t.Campaign, t.res.Next
	t.now = t.m.clock.Now().UTC()
	due, err := t.rs.Due(next, c.Schedule, t.now)
	if err != nil {
		return err
	}
	c.Open(next.Turn, due)
	c.Release()
	MarkReminded(c, t.now)
	if t.over = next.Over(); t.over {
		c.Status = store.Ended
		t.Notices = append(t.Notices, t.m.ToGM(c, fmt.Sprintf("over.%s.t%d", c.ID, t.Turn), "ended", report.CampaignOver{Title: c.Title, Winner: next.Winner}))
	}
	return nil
}

// digestState takes the digest of the state as the ruleset made it,
// before the moderator starts its polls' clocks (pbemd verify).
func (t *resolving) digestState() (err error) {
	t.digest, err = stateDigest(t.res.Next)
	return err
}

// openBattles opens a case for each battle the turn found, where battles
// are fought outside pbemd, and writes each side.
func (t *resolving) openBattles() error {
	var found []campaign.Battle
	for _, b := range t.res.Next.Battles {
		if b.Turn == t.Turn {
			found = append(found, b)
		}
	}
	cases, mails, err := t.m.openBattles(t.Campaign, t.res.Next, found, t.now)
	if err != nil {
		return err
	}
	t.battles, t.Notices = cases, append(t.Notices, mails...)
	return nil
}

// lapsePolls closes the votes on extending the turn, which is over, and
// notes each in the record's changes.
func (t *resolving) lapsePolls() error {
	lapsed, audit, err := t.m.lapsePolls(t.Campaign, t.Turn, t.res.Next, fmt.Sprintf("lapsed.%s.t%d", t.Campaign.ID, t.Turn))
	if err != nil {
		return err
	}
	t.Notices, t.audit = append(t.Notices, lapsed...), audit
	for _, e := range audit {
		t.changed = append(t.changed, e.Action+" "+e.Detail)
	}
	return nil
}

// startPolls starts the clock of each poll the ruleset opened: a change
// to the state its resolution made, which the record says (pbemd verify).
func (t *resolving) startPolls() error {
	polls := t.m.startPolls(t.Campaign, t.in.Turn.State, t.res.Next)
	for _, p := range polls {
		t.changed = append(t.changed, fmt.Sprintf("poll %s opened, to close by %s", p.ID, UTCStamp(p.Closes)))
	}
	t.Notices = append(t.Notices, t.m.announcePolls(t.Campaign, polls, fmt.Sprintf("polls.%s.t%d", t.Campaign.ID, t.Turn))...)
	return nil
}

// writeReports renders each player's report, and keeps it for the
// player's digest where the player asked for one. The reports of a turn
// that waits say until when, by the clocks just started.
func (t *resolving) writeReports() error {
	c := t.Campaign
	clocks := clocksOf(append(t.pending, t.battles...), t.res.Next.Polls, t.now)
	seats := t.reportSeats()
	reps, err := t.m.ReportMails(c, t.res, seats, clocks)
	if err != nil {
		return err
	}
	for i, v := range t.res.Views {
		s, rep := seats[i], reps[i]
		if s == nil {
			continue
		}
		h, err := holdReport(s, v, deadlineOf(c, s.Player), t.now, clocks)
		switch {
		case err != nil:
			return err
		case h != nil:
			t.held, t.heldMails = append(t.held, h), append(t.heldMails, rep)
		default:
			t.Reports = append(t.Reports, rep)
		}
	}
	return nil
}

// reportSeats returns the seat to send each view of the turn to, or nil:
// the players still in and, as the last report tells how it ended, those
// the turn eliminated, or everyone when the campaign is over.
func (t *resolving) reportSeats() []*store.Seat {
	seats := make([]*store.Seat, len(t.res.Views))
	for i, v := range t.res.Views {
		if s := t.Campaign.Seat(v.Header().Player); s != nil && (s.Active() || t.eliminated[s.Player] || t.over) {
			seats[i] = s
		}
	}
	return seats
}

// encodeEvents encodes the turn's events for its record.
func (t *resolving) encodeEvents() (err error) {
	t.eventLog, err = json.Marshal(t.res.Events)
	return err
}

// resolved returns the resolution, with the next turn's record.
func (t *resolving) resolved() *Resolution {
	c, r := t.Campaign, t.Resolution
	r.Events = len(t.res.Events)
	r.Next = &store.TurnRecord{State: t.res.Next, Events: t.eventLog, ResolverVersion: t.rs.Version(), ResolvedAt: t.now, Deadline: c.Deadline(), Waiting: Waiting(c),
		Rerun: t.in.rerun, Digest: t.digest, Changed: t.changed}
	return r
}

// Waiting lists the players still in who owe no orders for the open turn.
func Waiting(c *store.Campaign) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, s := range c.ActiveSeats() {
		if !s.Due() {
			out = append(out, s.Player)
		}
	}
	return out
}

// Commit stores the resolution in tx. A turn that is no longer open is
// left alone, so a retry after a crash is safe.
func (r *Resolution) Commit(tx *store.Tx) error {
	cur, err := tx.Campaign(r.Campaign.ID)
	if err != nil || cur.Turn != r.Turn {
		return err
	}
	if err := tx.PutTurn(r.Campaign.ID, r.Next); err != nil {
		return err
	}
	if err := tx.PutCampaign(r.Campaign); err != nil {
		return err
	}
	if err := lapseExtensions(tx, r.Campaign.ID, r.Turn); err != nil {
		return err
	}
	for _, e := range r.audit {
		if err := WriteAudit(tx, r.Campaign.ID, e); err != nil {
			return err
		}
	}
	for _, b := range r.battles {
		if err := tx.PutBattle(r.Campaign.ID, b); err != nil {
			return err
		}
	}
	if err := storeHeld(tx, r.Campaign.ID, r.held); err != nil {
		return err
	}
	return Enqueue(tx, r.Mails)
}

// StoredEvents reads the events of the resolution that made a record.
func StoredEvents(rec *store.TurnRecord) ([]game.Event, error) {
	var events []game.Event
	if len(rec.Events) > 0 {
		if err := json.Unmarshal(rec.Events, &events); err != nil {
			return nil, err
		}
	}
	return events, nil
}

// stateDigest is a state's TurnRecord.Digest.
func stateDigest(st *campaign.State) (string, error) {
	data, err := json.Marshal(st)
	if err != nil {
		return "", fmt.Errorf("digest the state: %w", err)
	}
	return DigestOf(data), nil
}

// DigestOf is the SHA-256 of data, in hex.
func DigestOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
