package campaign

import "time"

// Moderation is how the daemon runs a campaign by mail: deadline
// extensions, reminders, early resolution, no-shows and relayed messages.
// Scenarios set it under moderation:, field by field over the defaults.
type Moderation struct {
	Extensions ExtensionRules `json:"extensions" yaml:"extensions"`
	// Reminders are how long before each deadline players with no orders
	// on file, or orders not marked final, are reminded.
	Reminders []time.Duration `json:"reminders" yaml:"reminders"`
	// EarlyResolution resolves a turn as soon as every active player has
	// marked their orders final.
	EarlyResolution bool `json:"early_resolution" yaml:"early_resolution"`
	// DropAfter is how many turns in a row a player may forfeit before
	// being dropped (UTD3.31, EaW 29.0); 0 never drops anyone.
	DropAfter int `json:"drop_after" yaml:"drop_after"`
	// Messages says how players' messages to each other are relayed.
	Messages MessagePolicy `json:"messages" yaml:"messages"`
	// OutageGrace is how late the daemon may still resolve a turn whose
	// deadline passed while it was down. Past it, the daemon holds the
	// campaign and asks the GM, rather than resolve turns in a burst.
	OutageGrace time.Duration `json:"outage_grace" yaml:"outage_grace"`
	// Battles are the clocks of battles fought outside pbemd (battles:
	// reported).
	Battles BattleClocks `json:"battles" yaml:"battles"`
	// Decisions says who decides what the rules leave to a decision: an
	// extension beyond what is granted at once, the appeal of a battle
	// whose sides did not settle it in time, a rule change. DecideVotes
	// puts it to the players' vote by mail, DecideGM asks the GM; "" is
	// the ruleset's own way (game.Voting), else the GM.
	Decisions string `json:"decisions,omitempty" yaml:"decisions"`
	// VoteTime is how long a vote the moderator opens runs at most, when
	// nothing sooner (a deadline) bounds it.
	VoteTime time.Duration `json:"vote_time,omitempty" yaml:"vote_time"`
}

// The ways of deciding (Moderation.Decisions).
const (
	DecideVotes = "votes"
	DecideGM    = "gm"
)

// BattleClocks time a reported battle (UTD3.4, UTD3.5).
type BattleClocks struct {
	// Contact is how long the sides have to answer; a side that sends
	// nothing in that time withdraws (UTD3.42, UTD3.43).
	Contact time.Duration `json:"contact" yaml:"contact"`
	// Resolve is how long the sides have to agree on a result.
	Resolve time.Duration `json:"resolve" yaml:"resolve"`
	// Timeout says what happens when Resolve runs out: "auto" rolls the
	// battle with the built-in resolver, "gm" asks the GM to decide.
	Timeout string `json:"timeout" yaml:"timeout"`
}

// The battle timeouts.
const (
	TimeoutAuto = "auto"
	TimeoutGM   = "gm"
)

// ExtensionRules limit deadline extensions (UTD3.32, UTD3.44).
type ExtensionRules struct {
	// PerPlayer and PerCampaign cap the extensions granted over the whole
	// campaign; 0 allows none.
	PerPlayer   int `json:"per_player" yaml:"per_player"`
	PerCampaign int `json:"per_campaign" yaml:"per_campaign"`
	// MaxHours is the longest extension a player may ask for.
	MaxHours int `json:"max_hours" yaml:"max_hours"`
	// RealLifeWeek grants a one-week extension without asking the GM when
	// the player claims pressing real-life issues (UTD3.32, UTD3.44).
	RealLifeWeek bool `json:"real_life_week" yaml:"real_life_week"`
}

// MessagePolicy says whether relayed messages carry the sender's name.
type MessagePolicy string

// The message policies.
const (
	MessagesSigned    MessagePolicy = "signed"    // always named
	MessagesAnonymous MessagePolicy = "anonymous" // never named
	MessagesEither    MessagePolicy = "either"    // the sender chooses
	MessagesOff       MessagePolicy = "off"       // no relay
)

// MessagePolicies lists the policies, for messages.
var MessagePolicies = []MessagePolicy{MessagesSigned, MessagesAnonymous, MessagesEither, MessagesOff}

// RealLifeExtension is the extension granted on a real-life claim.
const RealLifeExtension = 7 * 24 * time.Hour

// DefaultModeration returns the settings a scenario gets unless it says
// otherwise.
func DefaultModeration() Moderation {
	return Moderation{
		Extensions:      ExtensionRules{PerPlayer: 2, PerCampaign: 8, MaxHours: 7 * 24},
		Reminders:       []time.Duration{24 * time.Hour, 2 * time.Hour},
		EarlyResolution: true,
		DropAfter:       3,
		Messages:        MessagesEither,
		OutageGrace:     30 * time.Minute,
		Battles:         BattleClocks{Contact: 3 * 24 * time.Hour, Resolve: 28 * 24 * time.Hour, Timeout: TimeoutGM},
		VoteTime:        7 * 24 * time.Hour,
	}
}
