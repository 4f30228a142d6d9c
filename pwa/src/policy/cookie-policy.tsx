/** Cookie Policy (§1): one strictly necessary cookie plus functionality storage (§3 local storage keys). */
export function CookiePolicy() {
  return (
    <>
      <p>
        Mastr sets a single cookie and keeps a few small values in your browser's storage. None of them track you across
        other websites and we use no analytics or advertising cookies, so we do not ask for cookie consent: under the
        Privacy and Electronic Communications Regulations, storage that is strictly necessary for a service you ask for
        needs none.
      </p>

      <h2 id="cookie-table-title">Strictly necessary cookie</h2>
      {/* A scroll box on a phone: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="cookie-table-title">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lasts</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>jwt</code>
              </td>
              <td>
                Keeps you signed in. It is sent only to Mastr's own server, cannot be read by scripts and is removed
                when you log out.
              </td>
              <td>Up to 30 days, or until you log out</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2 id="storage-table-title">Functionality storage</h2>
      <p>These values are kept in your browser's local storage and never leave your device.</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="storage-table-title">
        <table>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lasts</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>email</code>
              </td>
              <td>The email address you are typing into a sign-in form, so a reload does not lose it.</td>
              <td>Until you sign in successfully</td>
            </tr>
            <tr>
              <td>
                <code>persist</code>
              </td>
              <td>Your answer to 'Keep me logged in?'.</td>
              <td>Until you change it or clear your browser data</td>
            </tr>
            <tr>
              <td>
                <code>googleReturnUrl</code>
              </td>
              <td>The page to return to after signing in with Google.</td>
              <td>Until you come back from Google</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>Offline copies</h2>
      <p>
        Mastr is an installable app. It stores its own files on your device so it opens without a connection, and keeps
        offline copies of the data your account needs, as described in our Privacy Policy.
      </p>

      <h2>Managing cookies and storage</h2>
      <p>
        You can delete the cookie and stored values at any time in your browser's settings. If you do, you will be
        signed out and the app will forget your 'Keep me logged in?' choice.
      </p>
    </>
  );
}
