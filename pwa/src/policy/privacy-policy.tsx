/** Privacy Policy (§1 legal points), written for UK GDPR and the Data Protection Act 2018. */
export function PrivacyPolicy() {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        Mastr runs the Mastr marketplace and is the controller of the personal data described here. This policy explains
        what we collect, why, who we share it with, how long we keep it and the rights you have under UK data protection
        law.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> names, phone numbers, email addresses and passwords. Gyms also give their
          mailing address. Passwords are stored only as a one-way hash; nobody at Mastr can read them.
        </li>
        <li>
          <strong>Profile details:</strong> profile images, and for coaches their discipline, hourly rate, availability
          and any social media usernames they choose to show.
        </li>
        <li>
          <strong>Bookings:</strong> day passes, Mastr Class passes, private session requests and bookings, and
          check-ins at gyms.
        </li>
        <li>
          <strong>Google sign-in:</strong> if you choose it, your name and email address from your Google account.
        </li>
      </ul>
      <p>
        Card details are collected and handled by our card payment provider on its own secure checkout page; we receive
        only confirmation that a payment succeeded.
      </p>

      <h2>3. Why we use it</h2>
      <ul>
        <li>To run your account and the bookings you make, which is necessary for our contract with you.</li>
        <li>To send account emails such as email verification and password reset, for the same reason.</li>
        <li>To keep Mastr secure and prevent fraud and abuse, which is in our legitimate interests.</li>
        <li>To meet our legal obligations.</li>
      </ul>
      <p>We do not sell personal data and we do not use it for advertising.</p>

      <h2>4. Who sees it</h2>
      <ul>
        <li>
          A gym sees the name and entry code on the passes booked at it, and the names and email addresses of its
          visitors.
        </li>
        <li>A coach sees the names of the members who request or book sessions with them.</li>
        <li>Anyone can see the public profile of a gym or coach.</li>
        <li>
          Our service providers — the card payment provider, email delivery and hosting — process data for us under
          contract. Where any of them processes data outside the UK, we rely on UK adequacy regulations or the UK
          International Data Transfer Agreement.
        </li>
      </ul>

      <h2>5. Data kept on your device</h2>
      <p>
        So that a gym's front desk keeps working when the connection drops, the app keeps copies of the data it needs
        offline in your browser's storage on the device — for example a member's passes and entry codes, or a gym's
        schedule, passes and visitor list. Signing out removes them.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        We keep your personal data while your account is open and for no more than three months after it ends; then we
        delete it. Our card payment provider keeps payment records under its own legal obligations.
      </p>

      <h2>7. Children</h2>
      <p>
        Mastr is for adults. We do not knowingly collect personal data from anyone under 18. Kids' day passes are booked
        by an adult member, whose details are the ones we hold. If you believe a child has given us their data, contact
        us and we will delete it.
      </p>

      <h2>8. Security</h2>
      <p>
        All traffic is encrypted. Sign-in sessions use a short-lived access token held only in the app's memory and a
        secure, HttpOnly cookie that scripts cannot read. Access to data is limited to the account it belongs to.
      </p>

      <h2>9. Your rights</h2>
      <p>
        You may ask for a copy of your data, have it corrected or deleted, restrict or object to how we use it, and
        receive it in a portable format. We answer within one month. If you are unhappy with how we handle your data you
        may complain to the Information Commissioner's Office (ico.org.uk, 0303 123 1113), though we would like the
        chance to put things right first.
      </p>
    </>
  );
}
