// Package check is the shared half of the Go push-client driver run by
// GoPushClientTests.swift: the pass/fail count, the fake's control port and the
// credentials the fake made (read from the PUSH_* environment variables).
package check

import (
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
)

// Counter counts checks; a failure is printed with its detail.
type Counter struct {
	Passed int
	Failed int
}

// Check counts one check.
func (c *Counter) Check(ok bool, label string, detail string) bool {
	if ok {
		c.Passed++
		return true
	}
	c.Failed++
	if len(detail) > 800 {
		detail = detail[:800] + "..."
	}
	fmt.Printf("FAIL %s\n  %s\n", label, detail)
	return false
}

// Env is a PUSH_* variable; a missing one stops the program.
func Env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fmt.Fprintf(os.Stderr, "%s is not set (PushFake.environment sets it)\n", name)
		os.Exit(2)
	}
	return value
}

// File reads a file named by a PUSH_* variable.
func File(variable string) []byte {
	data, err := os.ReadFile(Env(variable))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	return data
}

// Roots trusts the fake's test CA only.
func Roots() *x509.CertPool {
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(File("PUSH_CA_FILE")) {
		fmt.Fprintln(os.Stderr, "PUSH_CA_FILE holds no certificate")
		os.Exit(2)
	}
	return pool
}

// Stats are the fake's counters.
type Stats struct {
	ApnsConnections int      `json:"apnsConnections"`
	ProviderTokens  int      `json:"providerTokens"`
	ApnsRequests    int      `json:"apnsRequests"`
	OauthRequests   int      `json:"oauthRequests"`
	AccessTokens    int      `json:"accessTokens"`
	FcmRequests     int      `json:"fcmRequests"`
	Failures        []string `json:"failures"`
}

// Control calls the fake's control port (GET /stats or POST /reset, /expire-...).
func Control(path string) Stats {
	base := Env("PUSH_CONTROL")
	var answer *http.Response
	var err error
	if path == "/stats" {
		answer, err = http.Get(base + path)
	} else {
		answer, err = http.Post(base+path, "application/json", strings.NewReader("{}"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "control:", err)
		os.Exit(2)
	}
	defer answer.Body.Close()
	var stats Stats
	if err := json.NewDecoder(answer.Body).Decode(&stats); err != nil {
		fmt.Fprintln(os.Stderr, "control:", err)
		os.Exit(2)
	}
	return stats
}
