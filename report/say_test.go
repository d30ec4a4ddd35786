package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
)

// Times and deadlines as the moderator writes them, for the samples: in
// the reader's time zone, with UTC beside it (FormatDeadline).
const (
	sampleDeadline = "Wed 25 Nov 2026 20:00 CET (19:00 UTC)"
	sampleTime     = "Tue 24 Nov 2026 10:15 CET (09:15 UTC)"
)

// samples holds a representative value of every text the moderator sends,
// worded into testdata/texts/<type>.txt.golden.
var samples = []Text{
	// The GM's commands.
	GMStatus{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Date: "Y1 Autumn", Status: "running",
		Deadline: sampleDeadline, Early: true,
		Seats: []SeatState{
			{Player: "vorn", Due: true, Filed: true, Final: true, Orders: 4, Received: sampleTime},
			{Player: "castellan", Due: true, Filed: true, Orders: 2, Received: sampleTime},
			{Player: "ashari", Due: true, Forfeits: 1},
			{Player: "zeph", Out: "dropped by the GM"},
		},
		Granted: 1, PerCampaign: 6, PerPlayer: 2,
		Pending: []ExtensionState{{Player: "ashari", Hours: 24, Turn: 3}},
		Battles: []BattleState{{ID: "B2-1", Turn: 2, At: "vega", Sides: "vorn, castellan"},
			{ID: "B2-2", Turn: 2, LaneA: "ferrum", LaneB: "vega", Sides: "vorn, ashari"}},
		Log: []AuditLine{{At: "Mon 23 Nov 2026 13:00 CET (12:00 UTC)", Who: "gm", Action: "pause"},
			{At: sampleTime, Who: "ashari", Action: "extension asked", Detail: "24 hours for turn 3: (none given)"}},
	},
	NotAGMCommand{Verb: "mail", Player: "vorn"},
	NoDeadlineToMove{Campaign: "frontier"},
	DeadlineNeedsTime{},
	DeadlineNotFromNow{Given: "+soon"},
	DeadlineUnreadable{Given: "next friday"},
	DeadlinePast{Time: "Fri 20 Nov 2026 21:00 CET (20:00 UTC)"},
	DeadlineMoved{Turn: 3, Deadline: sampleDeadline, Paused: true},
	DeadlineAnswer{Turn: 3, Deadline: sampleDeadline, Held: true},
	CannotPause{Campaign: "frontier", Status: "paused"},
	Paused{Title: "Frontier Wars", Turn: 3, Note: "Back on Monday.\nSorry for the wait."},
	PauseAnswer{Title: "Frontier Wars"},
	NotPaused{Campaign: "frontier", Status: "running"},
	Resumed{Title: "Frontier Wars", Turn: 3, Deadline: sampleDeadline},
	ResumeAnswer{Title: "Frontier Wars", Turn: 3, Deadline: sampleDeadline},
	EmptyBroadcast{},
	Broadcast{Text: "The map has a new lane."},
	BroadcastAnswer{Players: 3},
	PreviewAnswer{Turn: 3, Reports: 4},
	PreviewCopy{Subject: "[frontier] Turn 3 report", To: "vorn@example.org"},
	CannotProcess{Campaign: "frontier", Status: "paused"},
	ProcessAnswer{Turn: 3, Reports: 4, Next: 4, Deadline: sampleDeadline},
	RollbackNeedsTurn{Example: 2},
	RollbackNotResolved{Turn: 3, Open: 3},
	RollbackNoTurn{Turn: 0, Open: 3},
	RolledBack{Title: "Frontier Wars", Turn: 2, Deadline: sampleDeadline, Note: "A lane was missing from the map."},
	RollbackAnswer{Title: "Frontier Wars", Turn: 2, Deadline: sampleDeadline},
	NoSuchSeat{Campaign: "frontier", Name: "vron", Players: []string{"vorn", "castellan", "ashari"}, Drop: true},
	ReplaceUsage{},
	BadAddress{Given: "vorn-at-example"},
	SeatGone{Player: "zeph", Out: "dropped by the GM"},
	SameAddress{Player: "vorn", Email: "vorn@example.org"},
	AddressTaken{Email: "castellan@example.org", Player: "castellan"},
	Farewell{Title: "Frontier Wars", Player: "vorn"},
	CampaignMoved{Title: "Frontier Wars", Campaign: "frontier", Address: "moderator@two.example.org", Turn: 3, Deadline: "Thu 3 Dec 2026 20:00 CET (19:00 UTC)"},
	ReplaceAnswer{Player: "vorn", Email: "new.vorn@example.org"},
	AlreadyOut{Player: "zeph", Out: "dropped by the GM"},
	CampaignEnded{Campaign: "frontier"},
	DroppedByGM{},
	DropAnswer{Player: "zeph", Title: "Frontier Wars"},

	// A player's commands.
	NotAPlayerCommand{Verb: "process"},
	PlayerStatus{Title: "Frontier Wars", Turn: 3, Date: "Y1 Autumn", Status: "running", Deadline: sampleDeadline,
		Due: true, Filed: true, Received: sampleDeadline,
		Echo:    "campaign: frontier\nplayer: vorn\nturn: 3\norders:\n  - move: {fleet: 1st, path: [vega]}   # 1 point\n",
		Granted: 1, PerPlayer: 2, Pending: []ExtensionState{{Player: "vorn", Hours: 24, Turn: 3}}},
	NoSuchReport{Given: "7", Turn: 3},
	ResentSubject{Subject: "[frontier] Turn 3 report"},
	NoMessages{},
	SignedOnly{},
	NoRecipient{},
	EmptyMessage{},
	MessageToSelf{},
	NoSuchRecipient{Name: "zeph", Campaign: "frontier"},
	RelayedMessage{Title: "Frontier Wars", From: "vorn", Text: "Shall we share Vega?\nI keep to the rim."},
	RelayAnswer{To: []string{"castellan", "ashari"}},
	DigestEnded{Title: "Frontier Wars"},
	DigestUseless{Title: "Frontier Wars"},
	MailPrefsAnswer{Title: "Frontier Wars", Prefs: campaign.MailPrefs{TextOnly: true, Digest: "18:00",
		Without: []campaign.Attachment{campaign.AttachJSON}}, Location: time.UTC, Held: 2},

	// Extensions.
	NothingToExtend{Campaign: "frontier", Status: "paused"},
	HeldForGM{Turn: 3},
	NoDeadlineToExtend{Turn: 3},
	TooManyHours{Asked: 96, Max: 72},
	PlayerExtensionLimit{Had: 2, Rule: "UTD3.32"},
	CampaignExtensionLimit{Had: 6},
	AlreadyAsked{Hours: 24, Turn: 3},
	ExtensionAsked{Hours: 24, Turn: 3, Deadline: sampleDeadline},
	ExtensionRequest{Title: "Frontier Wars", Player: "ashari", Hours: 24, Turn: 3, Reason: "moving house",
		Mine: 1, PerPlayer: 2, All: 3, PerCampaign: 6, Deadline: sampleDeadline, After: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)"},
	RealLifeExtended{Player: "ashari", Turn: 3, Deadline: sampleDeadline, Rule: "UTD3.32"},
	RealLifeGM{Player: "ashari", Turn: 3, Deadline: sampleDeadline, Rule: "UTD3.32"},
	RealLifeAnswer{Turn: 3, Deadline: sampleDeadline, Rule: "UTD3.32"},
	UnknownReplyAddress{},
	MisaddressedVerdict{Address: "moderator@example.org", Requests: []WaitingRequest{
		{Title: "Frontier Wars", Player: "ashari", Hours: 24, Turn: 3, Address: "moderator+k7qxm2pa@example.org"}}},
	ExtensionAnsweredBefore{Player: "ashari", When: sampleTime, Status: "approved"},
	ExtensionLapsed{Player: "ashari", Turn: 3, Open: 4, Deadline: sampleDeadline},
	ReplyExpired{Player: "ashari"},
	NoVerdict{Player: "ashari"},
	WrongSenderAlert{From: "vorn@example.org", Player: "ashari"},
	NotYourAddress{Title: "Frontier Wars", Address: "moderator@example.org"},
	ExtensionDecided{Status: "approved", Approved: true, Hours: 24, Turn: 3, Deadline: sampleDeadline, Note: "Good luck with the move."},
	ExtensionDecision{Player: "ashari", Status: "approved", Approved: true, Hours: 24, Turn: 3, Deadline: sampleDeadline},
	ExtensionGranted{Player: "ashari", Hours: 24, Turn: 3, Deadline: sampleDeadline},

	// Battles fought outside pbemd.
	BattleDecidedBefore{Battle: "B2-1", When: sampleTime},
	BattleOrders{Campaign: "frontier", Player: "vorn", Battle: "B2-1", Turn: 2, At: "Vega",
		Ships:     []Ship{{Ref: "vorn#1", Class: "CA"}, {Ref: "vorn#2", Class: "FF"}, {Ref: "castellan#1", Class: "DD"}},
		ContactBy: "Wed 25 Nov 2026 20:00 CET (19:00 UTC)", ResolveBy: "Sun 29 Nov 2026 20:00 CET (19:00 UTC)", ContactRule: "UTD3.4", SettleRule: "UTD3.5"},
	BattleSettled{Battle: "B2-1", How: "agreed by both sides"},
	NoSuchBattle{Battle: "B9-9", Open: []string{"B2-1", "B2-2"}},
	NotYourBattle{Battle: "B2-1", Sides: "vorn, castellan"},
	NothingToConfirm{Battle: "B2-1"},
	ResultDoesNotFit{Battle: "B2-1", Problems: []string{`there is no ship "vorn#7" in the battle`, "vorn#1 cannot be both destroyed and crippled"},
		Ships: []Ship{{Ref: "vorn#1", Class: "CA"}, {Ref: "castellan#1", Class: "DD"}}},
	BattleDisputed{Battle: "B2-1", Other: "castellan"},
	ConfirmResult{Campaign: "frontier", Player: "castellan", From: "vorn", Battle: "B2-1", Result: sampleResult},
	ResultOnFile{Battle: "B2-1", Result: sampleResult},
	BattleSettledAnswer{Battle: "B2-1", How: "agreed by both sides"},
	BattleNews{Battle: "B2-1", News: "The battle at Vega is over: castellan's DD was destroyed."},
	ContactNoted{Battle: "B2-1", ResolveBy: "Sun 29 Nov 2026 20:00 CET (19:00 UTC)"},
	BattleQuestion{Battle: "B2-1", Turn: 2, Sides: "vorn, castellan", Results: []SentResult{
		{By: "vorn", Result: sampleResult}, {By: "castellan", Result: &orders.BattleResult{}}}},
	BattleAlreadySettled{Battle: "B2-1"},
	BattleFought{Battle: "B2-1"},
	NoBattleVerdict{Battle: "B2-1"},
	AgreedBySides{},
	DecidedByGM{For: "vorn"},
	FoughtAtGMsWord{},
	FoughtOnTimeout{Rule: "UTD3.5"},
	SilentWithdrew{Players: []string{"castellan"}, Rule: "UTD3.42, UTD3.43"},

	// Intake.
	TooLarge{Size: 12 << 20},
	UnreadableHeader{},
	NoOrders{},
	RateLimit{Count: 31, Limit: 30, Until: "Tue 24 Nov 2026 15:05 CET (14:05 UTC)"},
	NoCampaignHere{Campaign: "fronteir"},
	GMSentOrders{Campaigns: []string{"frontier", "rimward"}, Campaign: "frontier"},
	NotYourCampaign{Campaign: "fronteir", Mine: []string{"frontier", "rimward"}},
	WrongSeat{Player: "vorn", Campaign: "frontier", Named: "castellan"},
	NoToken{},
	WrongToken{},
	PlayerIsOut{Campaign: "frontier", Out: "dropped by the GM"},
	NotTakingOrders{Campaign: "frontier", Status: "paused", Paused: true},
	NotDue{Turn: 3, Due: []DueSeat{{Player: "vorn", Deadline: sampleDeadline}, {Player: "castellan", Deadline: sampleDeadline}}},
	WrongTurn{Turn: 2, Open: 3, Deadline: sampleDeadline},
	TooLate{Turn: 3, Deadline: sampleDeadline, Arrived: "Wed 25 Nov 2026 20:03 CET (19:03 UTC)"},
	AlertSummary{Title: "Frontier Wars", Count: 37, Since: sampleDeadline, PerHour: 3},
	TokenUsed{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", From: "mallory@example.net", Count: 2, First: sampleDeadline, Latest: sampleDeadline},
	NewToken{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"},
	TurnFinal{Turn: 3, Player: "vorn", Received: "Wed 25 Nov 2026 20:03 CET (19:03 UTC)", Proxy: true},
	OnFile{Received: sampleDeadline},
	// A player's seat: proxies and resignation.
	ProxyMayNot{Player: "vorn"},
	ProxyUsage{Proxies: []string{"friend@example.org"}},
	ProxyRefused{Address: "friend@example.org", Named: true},
	NotAProxy{Address: "foe@example.org", Proxies: []string{"friend@example.org"}},
	ProxyAnswer{Title: "Frontier Wars", Player: "vorn", Address: "friend@example.org", Added: true, Proxies: []string{"friend@example.org"}},
	ResignConfirm{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Code: "K7QX-M2PA"},
	ResignWrongCode{Given: "ABCD-EFGH"},
	NoResigning{Title: "Frontier Wars"},
	Resigned{Title: "Frontier Wars"},
	PlayerResigned{Title: "Frontier Wars", Player: "vorn", News: []string{"Warlord Drask (vorn) resigned. Everything they held has left the map."}},
	ResignedOut{},
	NeedsPlayerLine{},
	NotTheGM{Campaign: "frontier", Campaigns: []string{"rimward"}},
	BadGMToken{},
	GMNoExtension{},
	GMNoBattle{},
	GMOnly{Verb: "process"},
	NotYourToken{},
	GMAlert{What: "vorn (vorn@example.org) sent the GM command \"process\" with their player token. It was refused.",
		MessageID: "1234@example.org", Title: "Frontier Wars"},
	GMCommandAlert{From: "vorn@example.org", Player: "vorn", Verb: "process", WithToken: true},
	GMTokenAlert{From: "stranger@example.org"},
	StrangerAlert{From: "stranger@example.org", Verb: "status", Campaign: "frontier"},

	// Turns.
	Reminder{Turn: 3, Title: "Frontier Wars", Left: 24 * time.Hour, Deadline: sampleDeadline, Rule: "UTD3.31"},
	HoldNotice{Turn: 3, Title: "Frontier Wars", Deadline: "Wed 25 Nov 2026 20:00 CET (19:00 UTC)", Now: "Thu 26 Nov 2026 09:12 CET (08:12 UTC)", Example: "2026-11-28 09:12"},
	FailureNotice{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Doing: "handling the mail <m1.vorn@example.org> from vorn@example.org",
		Panic: "runtime error: index out of range [4] with length 4", At: sampleDeadline},
	MailFailed{Title: "Frontier Wars", Turn: 3},
	RerunNotice{Turn: 2},
	DroppedForForfeits{Turns: 3, Rule: "UTD3.31"},
	Dropped{Title: "Frontier Wars", Why: "dropped by the GM"},
	DroppedGM{Player: "zeph", Title: "Frontier Wars", Why: "dropped after 3 turns in a row without orders (UTD3.31)"},
	Eliminated{Player: "zeph", Title: "Frontier Wars", Why: "eliminated: nothing of theirs is left on the map"},
	CampaignOver{Title: "Frontier Wars", Winner: "vorn"},

	// Polls.
	Ballot{Campaign: "frontier", Player: "ashari", Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Text: "Battle B2-1 was not settled in time.",
		Options: []string{"vorn", "castellan", "none"}, Default: "none", Need: 2, Voters: 2, VoterNames: "ashari, zeph", Closes: sampleDeadline, Rule: "UTD1.7"},
	PollOpened{Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Text: "Battle B2-1 was not settled in time.", VoterNames: "ashari, zeph",
		Need: 2, Voters: 2, Closes: sampleDeadline, Rule: "UTD1.7"},
	VoteCounted{Poll: "appeal-B2-1", Option: "vorn", For: 1, Need: 2, Closes: sampleDeadline},
	PollDecided{Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Outcome: "vorn", Tally: []string{"vorn: ashari, zeph"}, Need: 2,
		Effect: "Battle B2-1 is settled with vorn's result."},
	VoteUsage{Given: "appeal-B2-1"},
	NoSuchPoll{Poll: "appeal-B2-9", Open: []string{"appeal-B2-1"}},
	PollClosed{Poll: "appeal-B2-1", Outcome: "vorn"},
	NotAVoter{Poll: "appeal-B2-1", VoterNames: "ashari, zeph"},
	AlreadyVoted{Poll: "appeal-B2-1", Option: "vorn"},
	NotAnOption{Poll: "appeal-B2-1", Given: "vron", Options: []string{"vorn", "castellan", "none"}},
	ProposeUsage{Given: "house rule"},
	NoVotes{Title: "Frontier Wars"},
	VotingStopped{Campaign: "frontier", Status: "paused", Turn: 3},
	RuleProposalOpen{Poll: "rule-1"},
	PollFailed{Title: "Frontier Wars", Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Outcome: "vorn", Fallback: "none",
		Problem: "battle B2-1: ship vorn#9 is not in the battle"},
	ProposalOpened{Poll: "rule-1", Need: 3, Closes: sampleDeadline},
	ExtensionToVote{Hours: 240, Turn: 3, Poll: "extension-ashari-1", Need: 3, Closes: sampleDeadline, Deadline: sampleDeadline},
	AppealSettled{Battle: "B2-1", By: "vorn"},
	AppealFought{Battle: "B2-1"},
	ExtensionVoted{Player: "ashari", Hours: 240, Granted: true, Deadline: sampleDeadline},
	RuleVoted{Rule: "No battles in nebulae.", By: "zeph", Adopted: true},
	PollEvents{News: []string{"zeph volunteers to fight for the NPE at Vega."}},
	AppealPoll{Battle: "B2-1", Turn: 2, Sides: "vorn, castellan", Results: []SentResult{{By: "vorn", Result: sampleResult}, {By: "castellan", Result: &orders.BattleResult{}}}},
	ExtensionPoll{Player: "ashari", Hours: 240, Turn: 3, Reason: "exams", Deadline: sampleTime},
	RulePoll{Player: "zeph", Rule: "No battles in nebulae."},
	BattleUnderAppeal{Battle: "B2-1", Poll: "appeal-B2-1"},
	SubstitutePoll{Battle: "B2-1", For: "castellan", By: "ashari", Proposer: "vorn"},
	BattleTimePoll{Battle: "B2-1", Player: "vorn", Hours: 168, ResolveBy: sampleTime},
	BattleTimeVoted{Battle: "B2-1", Hours: 168, Granted: true, ResolveBy: sampleTime},
	PollAlreadyOpen{Poll: "extend-B2-1"},
	NoSubstitute{Battle: "B2-1", NobodyLeft: true},
	SubstituteVoted{Battle: "B2-1", For: "castellan", By: "ashari", Granted: true},
	// Weeks for a battle without a vote (UTD3.44).
	BattleWeekAnswer{Battle: "B2-1", RealLife: true, Asked: 48, Week: 168, ContactBy: sampleTime, ResolveBy: sampleTime, Rule: "UTD3.44"},
	BattleWeekGranted{Battle: "B2-1", By: "vorn", RealLife: true, ContactBy: sampleTime, ResolveBy: sampleTime, Rule: "UTD3.44"},
	BattleWeekWaits{Battle: "B2-1", Other: "castellan", Week: 168, ResolveBy: sampleTime, Rule: "UTD3.44"},
	BattleWeekAsked{Battle: "B2-1", By: "vorn", Week: 168, ContactBy: sampleTime, ResolveBy: sampleTime, Rule: "UTD3.44"},
	NoBattleWeek{Battle: "B2-1", Used: true, Contact: true, Rule: "UTD3.44"},
}

// sampleResult is a battle result with every fate.
var sampleResult = &orders.BattleResult{
	Ships: []orders.ShipFate{
		{Ship: "castellan#1", Fate: "destroyed"},
		{Ship: "vorn#1", Fate: "crippled", Damage: 12},
		{Ship: "vorn#2", Fate: "captured", By: "castellan#2"},
		{Ship: "castellan#3", Fate: "disengaged", Direction: "ferrum"},
	},
	VP: map[campaign.PlayerID]int{"vorn": 2, "castellan": 1},
}

// variants are further values of texts whose wording branches, each with
// a golden file of its own.
var variants = map[string]Text{
	"CampaignMoved-gm":     CampaignMoved{Title: "Frontier Wars", Campaign: "frontier", Address: "moderator@two.example.org", Turn: 3, Deadline: "Thu 3 Dec 2026 20:00 CET (19:00 UTC)", GM: true},
	"CampaignMoved-paused": CampaignMoved{Title: "Frontier Wars", Campaign: "frontier", Address: "moderator@two.example.org", Turn: 3, Paused: true},
	"CampaignMoved-ended":  CampaignMoved{Title: "Frontier Wars", Campaign: "frontier", Address: "moderator@two.example.org", Turn: 9, Ended: true},
	"CampaignMoved-page": CampaignMoved{Title: "Frontier Wars", Campaign: "frontier", Address: "moderator@two.example.org", Turn: 3, Deadline: "Thu 3 Dec 2026 20:00 CET (19:00 UTC)",
		Page: "https://two.example.org/p/frontier/vorn/kfQ2nBv1YF0x8Hc4TqW9aL3e/"},
	"BattleNews-turn-opens": BattleNews{Battle: "B2-1", News: "The battle at Vega is over.", Due: []DueSeat{{Player: "vorn", Deadline: sampleDeadline}}},
	"TokenUsed-to-gm":       TokenUsed{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", From: "mallory@example.net", ToGM: true, Answered: true, Count: 1, First: sampleDeadline, Latest: sampleDeadline},
	"NewToken-page": NewToken{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567",
		Page: "https://pbem.example.org/p/frontier/vorn/kfQ2nBv1YF0x8Hc4TqW9aL3e/"},
	"NewToken-gm":   NewToken{Title: "Frontier Wars", Campaign: "frontier", Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"},
	"GMStatus-held": GMStatus{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Date: "Y1 Autumn", Status: "running", HeldSince: sampleTime, Deadline: sampleDeadline},
	"GMStatus-failed": GMStatus{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Date: "Y1 Autumn", Status: "running", HeldSince: sampleTime, Deadline: sampleDeadline,
		Failed: "while resolving turn 3: runtime error: index out of range [4] with length 4"},
	"GMStatus-paused": GMStatus{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Date: "Y1 Autumn", Status: "paused", PausedSince: sampleTime, Deadline: sampleDeadline},
	"GMStatus-votes": GMStatus{Title: "Thunderdome IV", Campaign: "thunderdome", Turn: 3, Date: "cycle 1", Status: "running", Deadline: sampleDeadline,
		Pending: []ExtensionState{{Player: "ashari", Hours: 48, Turn: 3}}, ByVote: true,
		Polls: []PollState{{Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Closes: sampleDeadline, Votes: 1, Voters: 2, Need: 2}}},
	"GMStatus-no-deadline": GMStatus{Title: "Frontier Wars", Campaign: "frontier", Turn: 3, Date: "Y1 Autumn", Status: "running", NoDeadline: true},
	"GMStatus-waiting": GMStatus{Title: "Thunderdome IV", Campaign: "td4", Turn: 3, Date: "cycle 2.0, spring Y166", Status: "running", NoDeadline: true,
		Early: true, Battles: []BattleState{{ID: "T2-B1", Turn: 2, At: "s21", Sides: "vorn, castellan"}}},
	"ProcessAnswer-ended":   ProcessAnswer{Turn: 12, Reports: 4, Ended: true},
	"ProcessAnswer-waiting": ProcessAnswer{Turn: 12, Reports: 4, Next: 13},
	"PlayerStatus-stale": PlayerStatus{Title: "Frontier Wars", Turn: 3, Date: "Y1 Autumn", Status: "paused", Deadline: sampleDeadline,
		Due: true, Filed: true, Final: true, Received: sampleDeadline, Stale: "orders: 1st is no longer at ferrum", PerPlayer: 2},
	"PlayerStatus-votes": PlayerStatus{Title: "Thunderdome IV", Turn: 3, Date: "cycle 1", Status: "running", Deadline: sampleDeadline,
		PerPlayer: 2, Pending: []ExtensionState{{Player: "ashari", Hours: 48, Turn: 3}}, ByVote: true,
		Ballots: []OpenBallot{{Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Closes: sampleDeadline}}},
	"WrongSeat-proxy":      WrongSeat{Player: "vorn", Campaign: "frontier", Named: "castellan", Proxy: true},
	"PlayerIsOut-resigned": PlayerIsOut{Campaign: "thunderdome", Out: "resigned", Resigned: true},
	"PlayerStatus-not-due": PlayerStatus{Title: "Frontier Wars", Turn: 3, Date: "Y1 Autumn", Status: "ended", Ended: true, PerPlayer: 2},
	"PlayerStatus-not-yours": PlayerStatus{Title: "Thunderdome IV", Turn: 3, Date: "cycle 2.0, spring Y166", Status: "running", Deadline: sampleDeadline,
		PerPlayer: 2, Owed: &NotDue{Turn: 3, Due: []DueSeat{{Player: "vorn", Deadline: sampleDeadline}}, Before: []campaign.PlayerID{"vorn", "castellan"}}},
	"PlayerStatus-waiting": PlayerStatus{Title: "Thunderdome IV", Turn: 3, Date: "cycle 2.0, spring Y166", Status: "running",
		PerPlayer: 2, Owed: &NotDue{Turn: 3, Battles: []string{"T2-B1"}, Before: []campaign.PlayerID{"vorn"}}},
	"RelayedMessage-anonymous": RelayedMessage{Title: "Frontier Wars", Anonymous: true, Text: "Watch your back."},
	"WrongSenderAlert-battle":  WrongSenderAlert{From: "vorn@example.org", Battle: "B2-1"},
	"ExtensionDecided-denied":  ExtensionDecided{Status: "denied", Hours: 48, Turn: 3, Deadline: sampleDeadline},
	"ExtensionDecision-denied": ExtensionDecision{Player: "ashari", Status: "denied", Hours: 48, Turn: 3, Deadline: sampleDeadline},
	"BattleOrders-lane": BattleOrders{Campaign: "frontier", Player: "vorn", Battle: "B2-2", Turn: 2, LaneA: "Ferrum", LaneB: "Vega",
		Ships:      []Ship{{Ref: "vorn#1", Class: "CA"}, {Ref: "ashari#1", Class: "DD"}, {Ref: "ashari#2", Class: "DD"}},
		FightOrder: "Three fleets met here; they fight in pairs, in this order:\n  1. vorn against ashari\n",
		ContactBy:  "Wed 25 Nov 2026 20:00 CET (19:00 UTC)", ResolveBy: "Sun 29 Nov 2026 20:00 CET (19:00 UTC)", ContactRule: "UTD3.4", SettleRule: "UTD3.5"},
	"BattleQuestion-timed-out": BattleQuestion{Battle: "B2-1", Turn: 2, Sides: "vorn, castellan", TimedOut: true, Rule: "UTD3.5"},
	"NotDue-nobody":            NotDue{Turn: 3},
	"OnFile-added":             OnFile{Received: sampleDeadline, Added: true},
	"ProxyRefused-own":         ProxyRefused{Address: "vorn@example.org", Own: true},
	"ProxyRefused-max":         ProxyRefused{Address: "fourth@example.org", Max: 3},
	"ProxyAnswer-removed":      ProxyAnswer{Title: "Frontier Wars", Player: "vorn", Address: "friend@example.org"},
	"NotDue-queue":             NotDue{Turn: 9, Due: []DueSeat{{Player: "vorn", Deadline: sampleDeadline}}, Before: []campaign.PlayerID{"vorn", "castellan", "ashari"}},
	"NotDue-next":              NotDue{Turn: 9, Due: []DueSeat{{Player: "vorn", Deadline: sampleDeadline}}, Before: []campaign.PlayerID{"vorn"}},
	"GMOnly-no-player-line":    GMOnly{Verb: "process", NoPlayerLine: true},
	"GMCommandAlert-forged":    GMCommandAlert{From: "vorn@example.org", Verb: "process"},
	"StrangerAlert-request":    StrangerAlert{From: "stranger@example.org", Campaign: "frontier"},
	"Reminder-not-final":       Reminder{Turn: 3, Title: "Frontier Wars", Left: 45 * time.Minute, Deadline: sampleDeadline, Received: sampleDeadline},
	"HoldNotice-inbox-unread":  HoldNotice{InboxUnread: true, Turn: 3, Title: "Frontier Wars", Deadline: "Wed 25 Nov 2026 20:00 CET (19:00 UTC)", Now: "Thu 26 Nov 2026 09:12 CET (08:12 UTC)", Example: "2026-11-28 09:12"},
	"MailPrefsAnswer-held-one": MailPrefsAnswer{Title: "Frontier Wars", Location: time.UTC, Held: 1},
	"ConfirmResult-negotiated": ConfirmResult{Campaign: "frontier", Player: "castellan", From: "vorn", Battle: "B2-1",
		Result: &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "castellan#1", Fate: "destroyed"}}, Negotiated: "conquest"}},
	"BattleDisputed-vote": BattleDisputed{Battle: "B2-1", Other: "castellan", Vote: true, ResolveBy: sampleTime},
	"ConfirmResult-vote":  ConfirmResult{Campaign: "frontier", Player: "castellan", From: "vorn", Battle: "B2-1", Result: sampleResult, Vote: true},
	"VoteCounted-decided": VoteCounted{Poll: "appeal-B2-1", Option: "vorn", For: 2, Need: 2, Closes: sampleDeadline, Decided: true, Outcome: "vorn"},
	"PollDecided-at-close": PollDecided{Poll: "appeal-B2-1", Subject: "appeal of battle B2-1", Outcome: "none", Tally: []string{"vorn: ashari"},
		Need: 2, Default: true, AtClose: true, Effect: "No result was chosen, so pbemd fought battle B2-1 itself."},
	"PollDecided-certain": PollDecided{Poll: "rule-1", Subject: "zeph proposes a rule", Outcome: "no", Tally: []string{"yes: zeph", "no: vorn, ashari"}, Need: 3, Default: true},
	"PollFailed-to-gm": PollFailed{Title: "Frontier Wars", Poll: "call-1", Subject: "who fights the pirates?", Outcome: "volunteer",
		Problem: "no such system"},
	"BattleTimeVoted-settled":     BattleTimeVoted{Battle: "B2-1", Hours: 168, Granted: true, Settled: true, ResolveBy: sampleTime},
	"BattleTimeVoted-unknown":     BattleTimeVoted{Battle: "B2-1", Hours: 168},
	"VotingStopped-held":          VotingStopped{Campaign: "frontier", Status: "running", Held: true, Turn: 3},
	"VotingStopped-ended":         VotingStopped{Campaign: "frontier", Status: "ended", Turn: 3},
	"ExtensionVoted-no":           ExtensionVoted{Player: "ashari", Hours: 240, Deadline: sampleDeadline},
	"ExtensionVoted-lapsed":       ExtensionVoted{Player: "ashari", Hours: 240, Lapsed: true},
	"NoSubstitute-not-free":       NoSubstitute{Battle: "B2-1", Player: "vorn", NotFree: true},
	"NoSubstitute-open":           NoSubstitute{Battle: "B2-1", Open: "substitute-B2-1"},
	"SubstituteVoted-refused":     SubstituteVoted{Battle: "B2-1", For: "castellan", By: "ashari"},
	"BattleTimeVoted-refused":     BattleTimeVoted{Battle: "B2-1", Hours: 168, ResolveBy: sampleTime},
	"BattleWeekAnswer-both":       BattleWeekAnswer{Battle: "B2-1", Asked: 168, Week: 168, ResolveBy: sampleTime, Rule: "UTD3.44"},
	"BattleWeekGranted-both":      BattleWeekGranted{Battle: "B2-1", By: "castellan", ResolveBy: sampleTime, Rule: "UTD3.44"},
	"NoBattleWeek-gm":             NoBattleWeek{Battle: "B2-1", NoWeeks: true, Title: "Frontier Wars"},
	"NoDeadlineToExtend-battle":   NoDeadlineToExtend{Turn: 3, Battles: []string{"B2-1"}, Week: 168},
	"NoDeadlineToExtend-battles":  NoDeadlineToExtend{Turn: 3, Battles: []string{"B2-1", "B2-2"}, Week: 168},
	"NoBattleWeek-no-weeks":       NoBattleWeek{Battle: "B2-1", NoWeeks: true, Title: "Frontier Wars", Vote: true},
	"NoBattleWeek-no-battle":      NoBattleWeek{Battle: "B9-9", NoBattle: true, Open: []string{"B2-1", "B2-2"}},
	"NoBattleWeek-not-side":       NoBattleWeek{Battle: "B2-1", NotSide: true, Sides: "vorn, castellan"},
	"NoBattleWeek-settled":        NoBattleWeek{Battle: "B2-1", Settled: true, How: "agreed by both sides"},
	"NoBattleWeek-appeal":         NoBattleWeek{Battle: "B2-1", Appeal: "appeal-B2-1"},
	"NoBattleWeek-time-up":        NoBattleWeek{Battle: "B2-1", TimeUp: true, ResolveBy: sampleTime},
	"NoBattleWeek-time-up-fought": NoBattleWeek{Battle: "B2-1", TimeUp: true, Fought: true, ResolveBy: sampleTime},
	"NoBattleWeek-too-long":       NoBattleWeek{Battle: "B2-1", TooLong: true, Asked: 336, Week: 168, Rule: "UTD3.44"},
	"NoBattleWeek-left":           NoBattleWeek{Battle: "B2-1", Left: true, Other: "castellan", Week: 168},
	"NoBattleWeek-waiting":        NoBattleWeek{Battle: "B2-1", Other: "castellan", Week: 168},
	"NoBattleWeek-other-used":     NoBattleWeek{Battle: "B2-1", OtherUsed: true, Other: "castellan", Week: 168, Rule: "UTD3.44"},
	"RuleVoted-refused":           RuleVoted{Rule: "No battles in nebulae.", By: "zeph"},
	"Ballot-first-answer": Ballot{Campaign: "frontier", Player: "ashari", Poll: "npe-s21-t3", Subject: "Who plays the Varn Reach at s21 against zeph?",
		Text: "Any player but zeph may volunteer.", Options: []string{"volunteer"}, Default: "none", Need: 1, Voters: 3,
		VoterNames: "vorn, castellan, ashari", Closes: sampleDeadline, Rule: "UTD1.7"},
	"PollDecided-nobody": PollDecided{Poll: "npe-s21-t3", Subject: "Who plays the Varn Reach at s21 against zeph?", Outcome: "none",
		Need: 1, Default: true, AtClose: true, Effect: "Nobody volunteered within 7 days to play the Varn Reach at s21 (UTD5.231).\nThe turn goes on: orders are due from vorn by Tue 8 Dec 2026 01:00 CET (00:00 UTC)."},
	"NotDue-waiting": NotDue{Turn: 3, Battles: []string{"T2-B1"}, Polls: []OpenBallot{{Poll: "npe-s21-t2", Subject: "Who plays the Varn Reach at s21 against zeph?", Closes: sampleDeadline}},
		Before: []campaign.PlayerID{"zeph"}},
	// Empires at War has no rule on battle clocks, forfeits or
	// extensions, so its texts on them cite none; a player it drops
	// for forfeits drops out under EaW 29.0.
	"BattleOrders-eaw": BattleOrders{Campaign: "frontier", Player: "vorn", Battle: "B2-1", Turn: 2, At: "Vega",
		Ships:     []Ship{{Ref: "vorn#1", Class: "CA"}, {Ref: "castellan#1", Class: "DD"}},
		ContactBy: "Wed 25 Nov 2026 20:00 CET (19:00 UTC)", ResolveBy: "Sun 29 Nov 2026 20:00 CET (19:00 UTC)"},
	"BattleQuestion-timed-out-eaw": BattleQuestion{Battle: "B2-1", Turn: 2, Sides: "vorn, castellan", TimedOut: true},
	"FoughtOnTimeout-eaw":          FoughtOnTimeout{},
	"SilentWithdrew-eaw":           SilentWithdrew{Players: []string{"castellan"}},
	"PlayerExtensionLimit-eaw":     PlayerExtensionLimit{Had: 2},
	"RealLifeExtended-eaw":         RealLifeExtended{Player: "ashari", Turn: 3, Deadline: sampleDeadline},
	"RealLifeGM-eaw":               RealLifeGM{Player: "ashari", Turn: 3, Deadline: sampleDeadline},
	"RealLifeAnswer-eaw":           RealLifeAnswer{Turn: 3, Deadline: sampleDeadline},
	"Reminder-eaw":                 Reminder{Turn: 3, Title: "Frontier Wars", Left: 24 * time.Hour, Deadline: sampleDeadline},
	"DroppedForForfeits-eaw":       DroppedForForfeits{Turns: 3, Rule: "EaW 29.0"},
	"Eliminated-by-battle": Eliminated{Player: "b5d", Title: "Thunderdome IV", Why: "eliminated: no unit left on the map (UTD4.32)",
		By: "battle T1-B1 settled, agreed by both sides"},
	"PlayerStatus-unfiled": PlayerStatus{Title: "Thunderdome IV", Turn: 3, Date: "cycle 1", Status: "running", Deadline: sampleDeadline,
		Due: true, PerPlayer: 2, Rule: "UTD3.31"},
	"PlayerStatus-unfiled-eaw": PlayerStatus{Title: "Frontier Wars", Turn: 3, Date: "Y1 Autumn", Status: "running", Deadline: sampleDeadline,
		Due: true, PerPlayer: 2},
	"MisaddressedVerdict-two": MisaddressedVerdict{Address: "moderator@example.org", Requests: []WaitingRequest{
		{Title: "Frontier Wars", Player: "ashari", Hours: 24, Turn: 3, Address: "moderator+k7qxm2pa@example.org"},
		{Title: "Rim Worlds", Player: "vorn", Hours: 48, Turn: 5, Address: "moderator+b3lq9zt1@example.org"}}},
	"MisaddressedVerdict-none": MisaddressedVerdict{Address: "moderator@example.org"},
	"Ballot-house-rule": Ballot{Campaign: "frontier", Player: "ashari", Poll: "rule-1", Subject: "zeph proposes a rule", Text: "zeph proposes a rule.",
		Options: []string{"yes", "no"}, Default: "no", Need: 3, Voters: 4, VoterNames: "vorn, castellan, ashari, zeph", Closes: sampleDeadline},
}

// TestTexts words every sample and compares it with its golden file: the
// subject or hint, if the text has one, then a blank line, then the text,
// as its mail says it if it is one, no line longer than MaxLine.
func TestTexts(t *testing.T) {
	check := func(name string, s Text) {
		t.Run(name, func(t *testing.T) {
			w := worded(s)
			golden.Check(t, "testdata/texts/"+name+".txt.golden", []byte(w))
			if texts.Lookup(textName(s)+".subject") != nil {
				_, body, _ := strings.Cut(w, "\n\n")
				checkLines(t, body)
			}
		})
	}
	for _, s := range samples {
		check(textName(s), s)
	}
	for name, s := range variants {
		check(name, s)
	}
}

func worded(s Text) string {
	var b strings.Builder
	name := textName(s)
	body := Say(s)
	if texts.Lookup(name+".subject") != nil {
		subject, text := Mail(s)
		b.WriteString("Subject: " + subject + "\n")
		body = text
	}
	if texts.Lookup(name+".hint") != nil {
		b.WriteString("Hint: " + Problem(s, orders.Pos{}).Hint + "\n")
	}
	b.WriteString("\n" + body)
	return b.String()
}

// TestEveryTextHasASample: each text type (one with a text method) and
// each template named like one (upper case, no dot) has one sample, so
// that it has a golden file, and its template is found.
func TestEveryTextHasASample(t *testing.T) {
	var names []string
	for _, s := range samples {
		if slices.Contains(names, textName(s)) {
			t.Errorf("two samples of %s: put the second in variants", textName(s))
		}
		names = append(names, textName(s))
	}
	for _, tmpl := range texts.Templates() {
		name := tmpl.Name()
		if name == "" || !unicode.IsUpper([]rune(name)[0]) || strings.Contains(name, ".") {
			continue
		}
		if !slices.Contains(names, name) {
			t.Errorf("the text %s has no sample: add one to samples", name)
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "text" || fn.Recv == nil {
				continue
			}
			if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok && !slices.Contains(names, id.Name) {
				t.Errorf("the text %s (%s) has no sample: add one to samples", id.Name, path)
			}
		}
	}
}

func TestRoughly(t *testing.T) {
	tests := []struct {
		left time.Duration
		want string
	}{
		{30 * time.Second, "1 minute"},
		{45 * time.Minute, "45 minutes"},
		{89 * time.Minute, "89 minutes"},
		{2*time.Hour + 20*time.Minute, "2 hours"},
		{23*time.Hour + 45*time.Minute, "24 hours"},
	}
	for _, tc := range tests {
		if got := roughly(tc.left); got != tc.want {
			t.Errorf("roughly(%v) = %q, want %q", tc.left, got, tc.want)
		}
	}
}
