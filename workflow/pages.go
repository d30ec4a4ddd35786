package workflow

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// PageKeyBytes is the length of the key a daemon makes its page links
// with.
const PageKeyBytes = 32

// pageSecretBytes is how many bytes of the MAC a link carries: 144 bits,
// PageSecretChars characters.
const pageSecretBytes = 18

// PageSecretChars is how long a link's secret is, in base64url.
const PageSecretChars = pageSecretBytes * 4 / 3

// Pages makes and checks the links to the players' web pages. A link is a
// capability: its secret is an HMAC-SHA256, under a key the daemon keeps
// outside its data file, of the campaign, the player and the hash of the
// seat's token. So the data file holds no link and nothing from which one
// can be made without the key; a link changes whenever the seat's token
// does, which revokes the old one; and a link is checked by computing it
// again and comparing in constant time, with no table of links to search.
type Pages struct {
	base string
	key  []byte
}

// NewPages returns the links of a daemon whose pages are served under
// base (https://pbem.example.org), made with key.
func NewPages(base string, key []byte) *Pages {
	return &Pages{base: strings.TrimSuffix(base, "/"), key: key}
}

// Link returns the link to the page of seat s of campaign id.
func (p *Pages) Link(id campaign.ID, s *store.Seat) string {
	return p.base + PagePath(id, s.Player, p.secret(id, s))
}

// Opens reports whether secret opens the page of seat s of campaign id.
func (p *Pages) Opens(id campaign.ID, s *store.Seat, secret string) bool {
	return hmac.Equal([]byte(p.secret(id, s)), []byte(secret))
}

// PagePath is the path of a page: /p/CAMPAIGN/PLAYER/SECRET/.
func PagePath(id campaign.ID, player campaign.PlayerID, secret string) string {
	return "/p/" + url.PathEscape(string(id)) + "/" + url.PathEscape(string(player)) + "/" + secret + "/"
}

// secret is the secret part of seat s's link.
func (p *Pages) secret(id campaign.ID, s *store.Seat) string {
	mac := hmac.New(sha256.New, p.key)
	mac.Write([]byte("pbemd page\x00" + string(id) + "\x00" + string(s.Player) + "\x00"))
	mac.Write(s.TokenHash)
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:pageSecretBytes])
}

// pageOf returns the link to seat s's page, or "" where the daemon
// serves no pages.
func (m *Moderation) pageOf(c *store.Campaign, s *store.Seat) string {
	if m.pages == nil {
		return ""
	}
	return m.pages.Link(c.ID, s)
}
