package report

import "github.com/pbemd/pbemd/campaign"

// What a player is answered about their seat: the proxies they name and
// their resignation, and what the others hear of it.

// ProxyMayNot refuses a request a proxy sent for Player: a proxy sends
// orders and battle results only.
type ProxyMayNot struct{ Player campaign.PlayerID }

// ProxyUsage refuses a proxy command that is neither "add <address>" nor
// "remove <address>"; Proxies are those named now.
type ProxyUsage struct{ Proxies []string }

// ProxyRefused refuses to name Address a proxy: it is the player's own
// (Own), the moderator's (Moderator), named already (Named), or one too
// many (Max is the limit).
type ProxyRefused struct {
	Address               string
	Own, Moderator, Named bool
	Max                   int
}

// NotAProxy refuses to remove an address the player never named.
type NotAProxy struct {
	Address string
	Proxies []string
}

// ProxyAnswer confirms a proxy added (Added) or removed; Proxies are
// those named now.
type ProxyAnswer struct {
	Title   string
	Player  campaign.PlayerID
	Address string
	Added   bool
	Proxies []string
}

// ResignConfirm answers a first command: resign with the code that
// confirms it. Nothing has changed yet.
type ResignConfirm struct {
	Title    string
	Campaign campaign.ID
	Player   campaign.PlayerID
	Code     string
}

// ResignWrongCode refuses a resignation whose code is not the one the
// confirmation gave.
type ResignWrongCode struct{ Given string }

// NoResigning refuses a resignation under a ruleset that has none.
type NoResigning struct{ Title string }

// Resigned tells the player their resignation is done.
type Resigned struct{ Title string }

// PlayerResigned tells everyone else, and the GM, that Player resigned;
// News are the ruleset's words for what it did.
type PlayerResigned struct {
	Title  string
	Player campaign.PlayerID
	News   []string
}

func (ProxyMayNot) text()     {}
func (ProxyUsage) text()      {}
func (ProxyRefused) text()    {}
func (NotAProxy) text()       {}
func (ProxyAnswer) text()     {}
func (ResignConfirm) text()   {}
func (ResignWrongCode) text() {}
func (NoResigning) text()     {}
func (Resigned) text()        {}
func (PlayerResigned) text()  {}

// ResignedOut is why a player who resigned is out.
type ResignedOut struct{}

func (ResignedOut) text() {}
