package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/campaign"
)

// Status is where a campaign stands.
type Status string

// The campaign statuses.
const (
	Running Status = "running"
	Paused  Status = "paused"
	Ended   Status = "ended"
)

// Contact is a name and a mail address.
type Contact struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Campaign is a campaign's record: what the daemon needs beside the game
// state to run it.
type Campaign struct {
	ID    campaign.ID `json:"id"`
	Title string      `json:"title"`
	// Rules names the campaign's ruleset (game.Registry). Campaigns
	// stored before pbemd ran more than one ruleset name none: they are
	// Empires at War campaigns, and read back as "eaw".
	Rules    string            `json:"rules"`
	Schedule campaign.Schedule `json:"schedule"`
	GM       Contact           `json:"gm"`
	Status   Status            `json:"status"`
	// Turn is the turn open for orders. Who owes orders for it, and by
	// when, is on the seats (Seat.Deadline); Deadline is the turn's.
	Turn int `json:"turn"`
	// Players maps each player to their address and token hash, in the
	// state's player order.
	Players []Seat    `json:"players"`
	Created time.Time `json:"created"`
	// GMTokenHash is the SHA-256 of the GM's token, which GM commands
	// carry.
	GMTokenHash []byte              `json:"gm_token_hash,omitempty"`
	Moderation  campaign.Moderation `json:"moderation"`
	// PausedAt is when the GM paused the campaign; the deadline moves on
	// by the pause's length when it resumes.
	PausedAt time.Time `json:"paused_at,omitzero"`
	// HeldSince is set when the daemon found the deadline long past after
	// an outage: the turn waits for the GM's process or a new deadline.
	HeldSince time.Time `json:"held_since,omitzero"`
	// Failed says what failed while pbemd worked on the campaign (a
	// panic in its ruleset's code), when that is why it is held: the GM
	// was told once, and is told again only after the hold ends.
	Failed string `json:"failed,omitempty"`
	// Rerun is the turn the GM rolled back to, while it is open again:
	// its reports say they correct the earlier ones.
	Rerun int `json:"rerun,omitempty"`
}

// Seat is a player's place in a campaign: who may send orders for it.
type Seat struct {
	Player campaign.PlayerID `json:"player"`
	// Email is the player's address, and TimeZone below their zone: the
	// seat is the one place pbemd reads a player's contact from once the
	// campaign started (the state's copy, campaign.Player, only seated
	// them).
	Email string `json:"email"`
	// TokenHash is the SHA-256 of the player's token; the token itself is
	// never stored.
	TokenHash []byte `json:"token_hash"`
	// TimeZone is the IANA zone the player reads deadlines in; empty
	// means the campaign's.
	TimeZone string `json:"timezone,omitempty"`
	// Since is the turn the seat's player took it: 0 from the start, later
	// for a replacement. Forfeits before it are not theirs.
	Since int `json:"since,omitempty"`
	// Forfeits counts the turns in a row the player sent no orders for,
	// as of the last resolution.
	Forfeits int `json:"forfeits,omitempty"`
	// Out says why the player left the campaign (dropped after forfeits,
	// or by the GM); empty while they play.
	Out string `json:"out,omitempty"`
	// LastReport is, once the player is out, the turn whose report was
	// their last (Leave), but for the one that ends the campaign, which
	// every player gets; 0 for a seat that left before pbemd kept it.
	LastReport int `json:"last_report,omitempty"`
	// Mail is how the player wants their report mails; the zero value,
	// which campaigns stored before it load with, is the default.
	Mail campaign.MailPrefs `json:"mail,omitzero"`
	// Deadline is when the player's orders for the open turn are due, in
	// UTC; zero while they owe none, as when it is not their turn.
	Deadline time.Time `json:"deadline,omitzero"`
	// Reminded lists the reminders already sent to the seat for the open
	// turn, by how long before its deadline they were due.
	Reminded []time.Duration `json:"reminded,omitempty"`
	// Proxies are the addresses the player named that may send orders and
	// battle results for them, with their token.
	Proxies []string `json:"proxies,omitempty"`
}

// Release ends a hold: the turn goes on.
func (c *Campaign) Release() { c.HeldSince, c.Failed = time.Time{}, "" }

// ProxiedBy reports whether the player named addr their proxy.
func (s *Seat) ProxiedBy(addr string) bool {
	return slices.ContainsFunc(s.Proxies, func(p string) bool { return strings.EqualFold(p, addr) })
}

// Leave takes the player out of the campaign for why; the report of turn
// last was their last.
func (s *Seat) Leave(why string, last int) { s.Out, s.LastReport = why, last }

// Return puts a player who left back in, as a rollback to a turn they
// played does.
func (s *Seat) Return() { s.Out, s.LastReport = "", 0 }

// Active reports whether the seat still plays.
func (s *Seat) Active() bool { return s.Out == "" }

// ActiveSeats returns the seats still playing.
func (c *Campaign) ActiveSeats() []*Seat { return c.seats((*Seat).Active) }

// seats returns the seats for which keep is true, in seat order.
func (c *Campaign) seats(keep func(*Seat) bool) []*Seat {
	var out []*Seat
	for i := range c.Players {
		if keep(&c.Players[i]) {
			out = append(out, &c.Players[i])
		}
	}
	return out
}

// Seat returns the seat of a player, or nil.
func (c *Campaign) Seat(p campaign.PlayerID) *Seat {
	for i := range c.Players {
		if c.Players[i].Player == p {
			return &c.Players[i]
		}
	}
	return nil
}

// TurnRecord is the state at the start of a turn, with the events of the
// resolution that produced it.
type TurnRecord struct {
	State *campaign.State `json:"state"`
	// Events is the resolver's event list for the previous turn (raw JSON:
	// the store does not interpret it).
	Events          json.RawMessage `json:"events,omitempty"`
	ResolverVersion int             `json:"resolver_version"`
	ResolvedAt      time.Time       `json:"resolved_at"`
	// Deadline is the deadline the turn opened with, as its reports said.
	Deadline time.Time `json:"deadline"`
	// Waiting lists the players still in who owed no orders for the turn:
	// it was not their turn. Turns of games whose players all plot every
	// turn have none.
	Waiting []campaign.PlayerID `json:"waiting,omitempty"`
	// Settled is the resolver's events of the battles settled while this
	// turn was open (raw JSON), which the turn's resolution reports too,
	// unless SettledTold: the last of them let the turn, which waited for
	// them, open a player's turn, and the reports that opened it told
	// them all.
	Settled     json.RawMessage `json:"settled,omitempty"`
	SettledTold bool            `json:"settled_told,omitempty"`
	// Rerun is set when the resolution that made the record played the
	// turn before again, after the GM rolled back to it: its reports said
	// they replace the earlier ones.
	Rerun bool `json:"rerun,omitempty"`
	// Digest is the SHA-256, in hex, of State's JSON as the resolution
	// made it, before any battle settled or GM command changed it (pbemd
	// verify). Turns resolved before pbemd kept it, and the first, have
	// none.
	Digest string `json:"digest,omitempty"`
	// Changed says what changed State after the resolution made it, in
	// order: a battle settled, a GM command.
	Changed []string `json:"changed,omitempty"`
}

// CreateCampaign stores a new campaign and the state of its first turn. It
// fails if the campaign exists.
func (tx *Tx) CreateCampaign(c *Campaign, first *TurnRecord) error {
	root := tx.tx.Bucket(bucketCampaigns)
	if root.Bucket([]byte(c.ID)) != nil {
		return fmt.Errorf("create campaign %s: %w", c.ID, ErrCampaignExists)
	}
	b, err := root.CreateBucket([]byte(c.ID))
	if err != nil {
		return fmt.Errorf("create campaign %s: %w", c.ID, err)
	}
	for _, name := range [][]byte{keyTurns, keyOrders} {
		if _, err := b.CreateBucket(name); err != nil {
			return fmt.Errorf("create campaign %s: %w", c.ID, err)
		}
	}
	if err := tx.PutCampaign(c); err != nil {
		return err
	}
	return tx.PutTurn(c.ID, first)
}

// PutCampaign replaces a campaign's record.
func (tx *Tx) PutCampaign(c *Campaign) error {
	b, err := tx.campaignBucket(c.ID)
	if err != nil {
		return err
	}
	if _, err := tx.tx.Bucket(bucketCampaigns).NextSequence(); err != nil { // a new CampaignsRevision
		return fmt.Errorf("store campaign %s: %w", c.ID, err)
	}
	if err := bump(b); err != nil {
		return fmt.Errorf("store campaign %s: %w", c.ID, err)
	}
	return putJSON(b, keyMeta, c)
}

// CampaignsRevision counts the writes of campaign records: the records
// Campaigns returns stand as long as it does.
func (tx *Tx) CampaignsRevision() uint64 { return tx.tx.Bucket(bucketCampaigns).Sequence() }

// Revisions returns, for every campaign, a count of the writes of what
// decides when the campaign next needs the daemon: its record, its orders
// on file, its battles, a rollback. While a campaign's count stands, none
// of them changed.
func (tx *Tx) Revisions() (map[campaign.ID]uint64, error) {
	root := tx.tx.Bucket(bucketCampaigns)
	out := map[campaign.ID]uint64{}
	err := root.ForEachBucket(func(k []byte) error {
		var rev uint64
		if v := root.Bucket(k).Get(keyRevision); len(v) == 8 {
			rev = binary.BigEndian.Uint64(v)
		}
		out[campaign.ID(k)] = rev
		return nil
	})
	return out, err
}

// bump counts a write in a campaign's Revisions.
func bump(b *bolt.Bucket) error {
	var rev uint64
	if v := b.Get(keyRevision); len(v) == 8 {
		rev = binary.BigEndian.Uint64(v)
	}
	return b.Put(keyRevision, binary.BigEndian.AppendUint64(nil, rev+1))
}

// Campaign returns a campaign's record.
func (tx *Tx) Campaign(id campaign.ID) (*Campaign, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	var rec storedCampaign
	found, err := getJSON(b, keyMeta, &rec)
	if err != nil {
		return nil, fmt.Errorf("load campaign %s: %w", id, err)
	}
	if !found {
		return nil, fmt.Errorf("load campaign %s: its record is missing", id)
	}
	return rec.campaign(), nil
}

// Campaigns returns every campaign's record, by ID.
func (tx *Tx) Campaigns() ([]*Campaign, error) {
	var out []*Campaign
	err := tx.tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
		c, err := tx.Campaign(campaign.ID(k))
		if err != nil {
			return err
		}
		out = append(out, c)
		return nil
	})
	return out, err
}

// PutTurn stores the state at the start of a turn.
func (tx *Tx) PutTurn(id campaign.ID, rec *TurnRecord) error {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return err
	}
	if _, err := b.NextSequence(); err != nil {
		return fmt.Errorf("store turn %d of %s: %w", rec.State.Turn, id, err)
	}
	return putJSON(b.Bucket(keyTurns), turnKey(rec.State.Turn), rec)
}

// TurnRevision counts the writes of a campaign's turns: it changes
// whenever any turn's state is stored again, so a decoded state can be
// kept as long as the revision stands.
func (tx *Tx) TurnRevision(id campaign.ID) (uint64, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return 0, err
	}
	return b.Sequence(), nil
}

// Turn returns the state at the start of a turn.
func (tx *Tx) Turn(id campaign.ID, turn int) (*TurnRecord, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	var rec TurnRecord
	found, err := getJSON(b.Bucket(keyTurns), turnKey(turn), &rec)
	if err != nil {
		return nil, fmt.Errorf("load campaign %s turn %d: %w", id, turn, err)
	}
	if !found {
		return nil, fmt.Errorf("campaign %s turn %d: %w", id, turn, ErrTurnNotFound)
	}
	return &rec, nil
}

// Waiting returns the players who owed no orders for a turn
// (TurnRecord.Waiting), without decoding its state.
func (tx *Tx) Waiting(id campaign.ID, turn int) ([]campaign.PlayerID, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	var rec struct {
		Waiting []campaign.PlayerID `json:"waiting"`
	}
	found, err := getJSON(b.Bucket(keyTurns), turnKey(turn), &rec)
	if err != nil {
		return nil, fmt.Errorf("load campaign %s turn %d: %w", id, turn, err)
	}
	if !found {
		return nil, fmt.Errorf("campaign %s turn %d: %w", id, turn, ErrTurnNotFound)
	}
	return rec.Waiting, nil
}

// TurnClocks returns, of the state at the start of a turn, only what
// runs on a clock while the turn is open: a state that holds its polls
// and the battles that wait for a result, and nothing else. The rest of the state, most of a turn's record, is
// not decoded: the scheduler looks at every campaign's clocks after a
// start, and at the rest of a state only when a clock ran out.
func (tx *Tx) TurnClocks(id campaign.ID, turn int) (*campaign.State, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	var rec struct {
		State struct {
			Battles []campaign.Battle `json:"battles"`
			Polls   []campaign.Poll   `json:"polls"`
		} `json:"state"`
	}
	found, err := getJSON(b.Bucket(keyTurns), turnKey(turn), &rec)
	if err != nil {
		return nil, fmt.Errorf("load campaign %s turn %d's clocks: %w", id, turn, err)
	}
	if !found {
		return nil, fmt.Errorf("campaign %s turn %d: %w", id, turn, ErrTurnNotFound)
	}
	return &campaign.State{Battles: rec.State.Battles, Polls: rec.State.Polls}, nil
}

func (tx *Tx) campaignBucket(id campaign.ID) (*bolt.Bucket, error) {
	b := tx.tx.Bucket(bucketCampaigns).Bucket([]byte(id))
	if b == nil {
		return nil, fmt.Errorf("campaign %s: %w", id, ErrCampaignNotFound)
	}
	return b, nil
}

func turnKey(turn int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(turn)) }

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %q: %w", key, err)
	}
	if err := b.Put(key, data); err != nil {
		return fmt.Errorf("store %q: %w", key, err)
	}
	return nil
}

// getJSON decodes the value at key into v and reports whether there was one.
func getJSON(b *bolt.Bucket, key []byte, v any) (bool, error) {
	data := b.Get(key)
	if data == nil {
		return false, nil
	}
	return true, json.Unmarshal(data, v)
}
