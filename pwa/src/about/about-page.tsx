import { Link } from 'react-router-dom';
import { formatPence, MASTR_CLASS_PRICE_PENCE } from '@mastr/rules/money.ts';
import { PageTitle } from '../ui/index.ts';

/** /about — what Mastr is and who it is for. */
export function AboutPage() {
  return (
    <main className="page page--reading">
      <PageTitle>About · Mastr</PageTitle>
      <h1>About Mastr</h1>
      <p className="lead">
        Mastr is the digital marketplace for combat sport gyms and personal trainers in the UK — MMA, boxing,
        kickboxing, jiu-jitsu, wrestling, judo and more.
      </p>

      <h2>For members</h2>
      <p>
        Find a gym near you and buy an adult or kids day pass, try a gym with the {formatPence(MASTR_CLASS_PRICE_PENCE)}{' '}
        Mastr Class, or book a private one-to-one session with a coach. You pay by card in pounds sterling, and your
        passes and their entry codes stay on your phone, ready at the door.
      </p>

      <h2>For gyms</h2>
      <p>
        Keep a public profile and your weekly class timetable, set your day-pass prices, run a hub of registered coaches
        and receive a percentage of the PT sessions held in your space. The front desk checks passes in on an installed
        tablet and keeps working offline: check-ins made while the connection drops are synced when it comes back.
      </p>

      <h2>For coaches</h2>
      <p>
        Advertise your PT sessions, choose what you charge per session, set your availability on the go, register with
        the gyms you train at and get paid securely through our card payment provider.
      </p>

      <h2>Install the app</h2>
      <p>
        Mastr is a progressive web app: add it to your home screen from your browser's menu and it opens like any other
        app, even without a connection.
      </p>

      <p className="cta-row">
        <Link to="/register" className="button button--primary">
          Register
        </Link>
        <Link to="/gyms" className="button">
          Find Your Next Gym!
        </Link>
      </p>
    </main>
  );
}
