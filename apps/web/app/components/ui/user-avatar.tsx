import type { AvatarVariants } from '@hora/core/session';

/** A round avatar: the uploaded picture, or the person's initials. */
export function UserAvatar(props: {
  avatar: AvatarVariants | null;
  initials: string;
  size: 'small' | 'large';
}) {
  const pixels = props.size === 'small' ? 40 : 96;
  if (props.avatar) {
    const [one, two] =
      props.size === 'small'
        ? [props.avatar['square-xsmall'], props.avatar['square-xsmall2x']]
        : [props.avatar['square-small'], props.avatar['square-small2x']];
    return (
      <img
        className={`avatar avatar--${props.size}`}
        src={one}
        srcSet={`${one} 1x, ${two} 2x`}
        width={pixels}
        height={pixels}
        alt=""
      />
    );
  }
  return (
    <span className={`avatar avatar--${props.size} avatar--initials`} aria-hidden="true">
      {props.initials}
    </span>
  );
}
