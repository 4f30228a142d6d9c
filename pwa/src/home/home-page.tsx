import { Link } from 'react-router-dom';
import { AccountDeletedNotice } from '../account-editing/index.ts';
import { SignUpCard } from './sign-up-card.tsx';
import { PageTitle } from '../ui/index.ts';

/** / — hero and the gym and coach sign-up cards (§1, §2). */
export function HomePage() {
  return (
    <main className="home">
      <PageTitle>Mastr — Combat Sport Gyms and PTs</PageTitle>
      <AccountDeletedNotice />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title" className="hero__title">
            Mastr your game.
          </h1>
          <p className="hero__tagline">The Digital Marketplace for Combat Sport Gyms and PT's.</p>
          <div className="hero__actions">
            <Link to="/gyms" className="button button--primary button--large">
              Find Your Next Gym!
            </Link>
            <Link to="/register/coach" className="button button--large">
              Become a Mastr
            </Link>
          </div>
        </div>
      </section>
      <section className="page" aria-labelledby="join-title">
        <h2 id="join-title" className="section-title">
          Join the marketplace
        </h2>
        <ul className="card-grid card-grid--two">
          <SignUpCard
            title="Gyms"
            points={[
              'Create a hub for your coaches',
              'Control the PTs registered to your gym',
              'Receive a percentage for use of your space',
            ]}
            to="/register/gym"
          />
          {/* §2 preserves the original label: the coach card's button also reads 'Register Gym'. */}
          <SignUpCard
            title="Coaches"
            points={['Advertise PT sessions', 'Control what you charge per session', 'Payment security']}
            to="/register/coach"
          />
        </ul>
      </section>
    </main>
  );
}
