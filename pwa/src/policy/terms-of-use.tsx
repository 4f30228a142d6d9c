import { Link } from 'react-router-dom';

/** Terms of Use (§1 legal points). Plain English; UK consumer law always prevails over these words. */
export function TermsOfUse() {
  return (
    <>
      <h2>1. About these terms</h2>
      <p>
        Mastr is an online marketplace that connects members with combat sport gyms and personal trainers (coaches).
        These terms apply whenever you use the Mastr website or app, whether or not you have an account. By registering
        or booking you agree to them. They are governed by the law of England and Wales. If you live in Scotland or
        Northern Ireland you may also bring proceedings in your local courts.
      </p>
      <p>
        Nothing in these terms takes away your statutory rights as a consumer, for example under the Consumer Rights Act
        2015.
      </p>

      <h2>2. Accounts</h2>
      <ul>
        <li>
          There are three kinds of account: member, coach and gym. Anyone may browse gyms and coaches without one.
        </li>
        <li>You must be 18 or over to create an account or make a booking.</li>
        <li>
          The details you give us must be true and kept up to date. Keep your password to yourself; you are responsible
          for what happens under your account until you tell us it has been misused.
        </li>
        <li>We may suspend an account that breaks these terms, puts other people at risk or is used for fraud.</li>
      </ul>

      <h2>3. What Mastr does and does not do</h2>
      <p>
        Mastr lists gyms and coaches, takes bookings and payments on their behalf and passes the money on to them. The
        session itself is provided by the gym or coach, not by Mastr. Gyms and coaches are responsible for the safety of
        their premises and sessions, their qualifications and their insurance.
      </p>
      <p>
        Combat sports carry a real risk of injury. Before training, tell the gym or coach about any injury or medical
        condition, follow their instructions and stop if you feel unwell.
      </p>

      <h2>4. Sessions and bookings</h2>
      <p>
        "Sessions" means the personal training (PT) sessions, day passes and classes — including the introductory Mastr
        Class — that you book through Mastr. A booking is confirmed once payment succeeds and the pass or session
        appears in your dashboard. Bring the entry code shown with your pass when you arrive.
      </p>

      <h2>5. Prices and payment</h2>
      <ul>
        <li>All prices are in pounds sterling (GBP) and are shown before you pay.</li>
        <li>We accept cards from Visa, Mastercard, Discover and American Express.</li>
        <li>
          Payments are taken by our card payment provider on a secure checkout page. Mastr never sees or stores your
          full card number.
        </li>
      </ul>

      <h2>6. Cancellations and refunds</h2>
      <ul>
        <li>If you cancel up to the day before your session, you get a full refund.</li>
        <li>
          If you cancel on the day of the session, the gym or coach may charge a late cancellation fee at their
          discretion; the rest is refunded.
        </li>
        <li>Sales are final after 23:00 (UK time) on the day of the session: no refund is due after that.</li>
        <li>If a gym or coach cancels your session, you get a full refund.</li>
        <li>
          Because sessions are leisure services booked for a specific date, the 14-day cancellation period of the
          Consumer Contracts Regulations 2013 does not apply to them. The rules above apply instead.
        </li>
      </ul>

      <h2>7. Gyms and coaches</h2>
      <p>
        Gyms and coaches must describe their sessions, prices, schedules and availability accurately and honour the
        bookings they accept. Payouts are made through our card payment provider once onboarding with it is complete. A
        gym receives a percentage of the PT sessions its registered coaches hold in its space. Gym subscription plans
        are described in the gym dashboard before you choose one.
      </p>

      <h2>8. Acceptable use</h2>
      <p>
        Do not misuse Mastr: no false bookings or listings, no harassment of other users, no attempts to get into other
        people's accounts, and no interference with the service or its security.
      </p>

      <h2>9. Our liability</h2>
      <p>
        Our total liability to you for any claim connected with Mastr is limited to the total of the payments you made
        through Mastr in the one month before the claim arose. We are not liable for losses that were not foreseeable,
        or for business losses suffered by a consumer.
      </p>
      <p>
        Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
        anything else the law does not allow us to limit.
      </p>

      <h2>10. Resolving disputes</h2>
      <p>
        If something goes wrong, please contact us first. Both sides agree to try to settle any dispute informally for
        90 days from the day one side tells the other about it in writing. If that fails, the dispute may go to
        arbitration under the Arbitration Act 1996. This does not stop a consumer from going to court where the law
        gives that right, including the small claims track for claims of £5,000 or less.
      </p>

      <h2>11. Changes to these terms</h2>
      <p>
        We may update these terms. We will tell account holders about important changes before they take effect;
        bookings already made stay under the terms that applied when they were made. How we handle your data is
        explained in our <Link to="/policy/privacy">Privacy Policy</Link> and{' '}
        <Link to="/policy/cookies">Cookie Policy</Link>.
      </p>
    </>
  );
}
