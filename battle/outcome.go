package battle

import "github.com/pbemd/pbemd/campaign"

// Fate is how a ship came out of a battle; the reported mode uses the same
// words.
type Fate string

// The fates. Fight never captures a ship: captures follow the battle
// (EaW 22.0), so FateCaptured is only for reported results.
const (
	// FateIntact is a ship still in place with more than half its
	// structure.
	FateIntact Fate = "intact"
	// FateCrippled is a ship still in place with half its structure or
	// less: the Starships chapter's damaged ship (001 §7.5a).
	FateCrippled Fate = "crippled"
	// FateDestroyed is a ship lost: it leaves its fleet.
	FateDestroyed Fate = "destroyed"
	// FateCaptured is a ship taken by an enemy ship (EaW 25.0, UTD6.3I);
	// only a reported result gives it.
	FateCaptured Fate = "captured"
	// FateDisengaged is a ship that left the battle for a neighbouring
	// system (EaW 21.0; UTD7.46).
	FateDisengaged Fate = "disengaged"
)

// Outcome is a fought battle: who holds the field, every ship's fate, and
// the log of every die rolled.
type Outcome struct {
	Version int
	Seed    uint64
	// Winner is the one side left in place, or empty if none is.
	Winner campaign.PlayerID
	// Rounds is the number of rounds fought.
	Rounds int
	// CapReached says the battle ran to the round cap and the attackers
	// withdrew without a roll, but for held squadrons, which stayed.
	CapReached bool
	// Ships are the ships in setup order.
	Ships []ShipResult
	// Leaders are the sides' leaders, in side order.
	Leaders []LeaderResult
	// Log is round 0 (before the battle), then one entry per round.
	Log []Round
	// Setup is the battle as fought, its defaults filled in.
	Setup Setup
}

// ShipResult is one ship after the battle.
type ShipResult struct {
	Ship     string
	Class    campaign.ClassName
	Side     int
	Player   campaign.PlayerID
	Squadron string
	Fate     Fate
	// Round is the round the ship was destroyed or disengaged in.
	Round int
	// Damage is everything the ship has lost, from before the battle too.
	Damage Damage
	// CapturedBy is the captor of a captured ship.
	CapturedBy campaign.PlayerID
}

// LeaderFate is where a leader ended up (001 §7.4g).
type LeaderFate string

// The leader fates.
const (
	// LeaderAboard: the leader's ship was not destroyed.
	LeaderAboard LeaderFate = "aboard"
	// LeaderRescued: the pod was picked up by a friendly ship.
	LeaderRescued LeaderFate = "rescued"
	// LeaderCaptured: only enemy ships were there to pick the pod up.
	LeaderCaptured LeaderFate = "captured"
	// LeaderLanded: nobody was there; the pod lands on the local planet.
	LeaderLanded LeaderFate = "landed"
	// LeaderKilled: the pod failed (d6 5–6).
	LeaderKilled LeaderFate = "killed"
)

// LeaderResult is one side's leader after the battle.
type LeaderResult struct {
	Side int
	Name string
	Fate LeaderFate
	// Ship is the ship the leader is aboard at the end, if any.
	Ship string
	// CapturedBy is the captor of a captured leader.
	CapturedBy campaign.PlayerID
}

// Round is one round's events; round 0 holds what happens before the
// battle.
type Round struct {
	N int
	// Band is the range band the round was fought at.
	Band Band
	// Events are in the order they happened.
	Events []Event
}

// Band is a range band (B5 "Range modifiers").
type Band int

// The range bands, nearest first.
const (
	Short Band = iota
	Medium
	Long
	Extreme
)

var bandNames = [...]string{"short", "medium", "long", "extreme"}

func (b Band) String() string { return bandNames[b] }

// rangeMod is what each band adds to the target's Def (B5).
var rangeMod = [...]int{0, 1, 3, 5}

// Mod is what the band adds to the target's Def: 0, +1, +3 or +5 (B5).
func (b Band) Mod() int { return rangeMod[b] }
