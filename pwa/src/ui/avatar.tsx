interface AvatarProps {
  src?: string | null;
  name: string;
  size?: 'small' | 'medium' | 'large';
  /** Give the picture the name as its text (an avatar that stands alone); otherwise it is decorative. */
  labelled?: boolean;
}

/** A profile picture, or the name's initial on the brand red when there is none (`.avatar` in the global styles). */
export function Avatar({ src, name, size = 'medium', labelled = false }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (src) return <img className={className} src={src} alt={labelled ? name : ''} loading="lazy" decoding="async" />;
  return (
    <span
      className={className}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? name : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {name.charAt(0).toUpperCase() || 'M'}
    </span>
  );
}
