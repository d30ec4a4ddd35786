package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"net/http"
)

// assets are the page's script and style sheet, served from the binary
// under every page's link: the page loads nothing from anywhere else.
//
//go:embed assets/page.js assets/page.css
var assets embed.FS

// assetTypes are the assets by the name the page asks for, with their
// types.
var assetTypes = map[string]string{
	"page.js":  "text/javascript; charset=utf-8",
	"page.css": "text/css; charset=utf-8",
}

// assetVersion changes with the assets, so a browser that kept an old
// script or style sheet asks again.
var assetVersion = func() string {
	h := sha256.New()
	for _, name := range []string{"page.js", "page.css"} {
		data, err := assets.ReadFile("assets/" + name)
		if err != nil {
			panic(err)
		}
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

// serveAsset serves the asset name, and reports whether there is one.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) bool {
	typ, ok := assetTypes[name]
	if !ok {
		return false
	}
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		return false
	}
	w.Header().Set("Content-Type", typ)
	if r.URL.Query().Get("v") == assetVersion {
		w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	}
	w.Write(data)
	return true
}
