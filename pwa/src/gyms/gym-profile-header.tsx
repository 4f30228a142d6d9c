import { formatPence } from '@mastr/rules/money.ts';
import type { GymDetail } from '@mastr/rules/api/directory.ts';
import { Avatar } from '../ui/index.ts';

function addressLines(gym: GymDetail): string[] {
  const { addressLineOne, addressLineTwo, addressTownOrCity, addressPostalCode } = gym.address ?? {};
  return [addressLineOne, addressLineTwo, addressTownOrCity, addressPostalCode].filter(
    (line): line is string => !!line?.trim(),
  );
}

/** Cover, logo, name, address, day-pass prices, active coach count and bio (§2 "Gym profile"). */
export function GymProfileHeader({ gym }: { gym: GymDetail }) {
  const coaches = gym.activeCoachCount;
  return (
    <header className="gym-header">
      <div className="gym-header__cover">{gym.coverImage && <img src={gym.coverImage} alt="" />}</div>
      <div className="gym-header__body page">
        <div className="gym-header__logo">
          <Avatar src={gym.profileImage} name={gym.gymName} size="large" />
        </div>
        <h1 className="gym-header__name">{gym.gymName}</h1>
        <address className="gym-header__address">
          {addressLines(gym).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <dl className="gym-header__facts">
          <div>
            <dt>Adult Day Pass</dt>
            <dd>{formatPence(gym.adultDayPassPrice)}</dd>
          </div>
          <div>
            <dt>Kids Day Pass</dt>
            <dd>{formatPence(gym.kidsDayPassPrice)}</dd>
          </div>
          <div>
            <dt>{coaches === 1 ? 'Active Coach' : 'Active Coaches'}</dt>
            <dd>{coaches}</dd>
          </div>
        </dl>
        {gym.bio && <p className="gym-header__bio">{gym.bio}</p>}
      </div>
    </header>
  );
}
